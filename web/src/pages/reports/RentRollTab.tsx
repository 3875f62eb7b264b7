import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PropertyPicker } from '../../components/PropertyPicker';
import { ReportFrame } from '../../components/ReportFrame';
import { PeriodControls } from '../../features/report-period/PeriodControls';
import { periodLabel } from '../../features/report-period/period';
import { RentRollBody } from './parts';
import type { useReports } from './use-reports';

/**
 * The reports page's Rent roll tab. Its frame (title, description, period, property, downloads) comes with the page,
 * so the tab's heading paints with it; the body, with Cloudscape's table and the chart, loads when the tab is shown.
 */
export function RentRollTab({ r }: { r: ReturnType<typeof useReports> }) {
  return (
    <ReportFrame
      variant="section"
      title="Rent roll"
      description={`${periodLabel(r.period.from, r.period.to)}, up to this month. Due is what the lease's charges that month cost; rent received is rent linked to the lease, and pays its oldest charges first.`}
      downloads={{
        testId: 'rent-roll',
        csv: r.downloadRentRoll,
        pdf: r.downloadRentRollPdf,
        disabled: !r.rentRoll.data,
        pdfBusy: r.pdf.busy,
      }}
      controls={
        <SpaceBetween direction="horizontal" size="s">
          <PeriodControls
            period={r.period}
            onChange={r.setPeriod}
            today={r.today}
            withProperty={false}
            idPrefix="rent"
          />
          <FormField label="Property" controlId="rent-property">
            <PropertyPicker
              controlId="rent-property"
              testId="rent-property"
              value={r.period.propertyId ?? ''}
              onChange={(id) => r.setPeriod({ propertyId: id || undefined })}
            />
          </FormField>
        </SpaceBetween>
      }
      query={r.rentRoll}
    >
      <RentRollBody r={r} />
    </ReportFrame>
  );
}
