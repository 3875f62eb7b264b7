import {
  ISSUE_TYPES,
  MAINTENANCE_DEFAULTS,
  MAINTENANCE_STATUSES,
  MaintenanceCreate,
  MaintenanceListQuery,
  MaintenanceUpdate,
  PreferredContactTimes,
} from '@rent/shared';
import { describe, expect, it } from 'vitest';
import { keys, newMaintenanceId } from '../../functions/src/data/keys.js';

import {
  defaultValues,
  saveErrorText,
  toBody,
  toggleDay,
  validate,
  valuesOf,
} from '../../web/src/features/maintenance-flyout/maintenanceForm';

/** Maintenance requests: keys, ids that sort by time, the product's enumerations and defaults, the form. */
describe('maintenance keys', () => {
  it('request: ORG#o / MAINT#m, GSI1 ORG#o#REPORTER#u / MAINT#m, GSI2 ORG#o#PROP#p / MAINT#m', () => {
    expect(keys.maintenance('o1', 'm1')).toEqual({ PK: 'ORG#o1', SK: 'MAINT#m1' });
    expect(keys.maintenancePrefix('o1')).toEqual({ PK: 'ORG#o1', SKPrefix: 'MAINT#' });
    expect(keys.maintenanceByReporter('o1', 'u1', 'm1')).toEqual({ GSI1PK: 'ORG#o1#REPORTER#u1', GSI1SK: 'MAINT#m1' });
    expect(keys.maintenanceOfReporter('o1', 'u1')).toEqual({ GSI1PK: 'ORG#o1#REPORTER#u1', GSI1SKPrefix: 'MAINT#' });
    expect(keys.maintenanceByProperty('o1', 'p1', 'm1')).toEqual({ GSI2PK: 'ORG#o1#PROP#p1', GSI2SK: 'MAINT#m1' });
    expect(keys.maintenanceOfProperty('o1', 'p1')).toEqual({ GSI2PK: 'ORG#o1#PROP#p1', GSI2SKPrefix: 'MAINT#' });
  });

  it('a request points at its property the way the property-delete check reads', () => {
    expect(keys.maintenanceByProperty('o1', 'p1', 'm1').GSI2PK).toBe(keys.propertyReferences('o1', 'p1').GSI2PK);
  });

  it('stays apart from the ledger on the property partition and from memberships and tenancies on GSI1', () => {
    expect(
      keys
        .maintenanceByProperty('o1', 'p1', 'm1')
        .GSI2SK.startsWith(keys.transactionsOfProperty('o1', 'p1').GSI2SKPrefix),
    ).toBe(false);
    expect(keys.maintenanceByReporter('o1', 'u1', 'm1').GSI1PK).not.toBe(keys.membershipByUser('u1', 'o1').GSI1PK);
  });

  it('ids are valid ids that sort by report time', () => {
    const times = [
      '2026-01-02T03:04:05.006Z',
      '2026-01-02T03:04:05.007Z',
      '2026-11-23T00:00:00.000Z',
      '2031-01-01T00:00:00.000Z',
    ];
    const ids = times.map((t) => newMaintenanceId(new Date(t)));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect([...ids].reverse().sort()).toEqual(ids);
    expect(newMaintenanceId(new Date(times[0]!))).not.toBe(ids[0]);
  });
});

describe('maintenance schemas', () => {
  it('has the SPEC enumerations and defaults', () => {
    expect(ISSUE_TYPES).toEqual(['PLUMBING', 'ELECTRICAL', 'HVAC', 'STRUCTURAL', 'APPLIANCE', 'PEST_CONTROL', 'OTHER']);
    expect(MAINTENANCE_STATUSES).toEqual(['NEW', 'PENDING', 'IN_PROGRESS', 'RESOLVED']);
    const created = MaintenanceCreate.parse({ title: ' Leak ', description: 'Drip' });
    expect(created).toEqual({
      title: 'Leak',
      description: 'Drip',
      issueType: 'PLUMBING',
      preferredContactTimes: {
        days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        timeRange: { start: '09:00', end: '17:00' },
      },
    });
    // Each parse gets its own copy of the default days.
    created.preferredContactTimes.days.push('Sunday');
    expect(MAINTENANCE_DEFAULTS.preferredContactTimes.days).toHaveLength(5);
  });

  it.each([
    [{ days: ['Monday'], timeRange: { start: '00:00', end: '23:59' } }, true],
    [{ days: ['Sunday', 'Monday'], timeRange: { start: '09:00', end: '09:01' } }, true],
    [{ days: [], timeRange: { start: '09:00', end: '17:00' } }, false],
    [{ days: ['monday'], timeRange: { start: '09:00', end: '17:00' } }, false],
    [{ days: ['Monday', 'Monday'], timeRange: { start: '09:00', end: '17:00' } }, false],
    [{ days: ['Monday'], timeRange: { start: '09:00', end: '09:00' } }, false],
    [{ days: ['Monday'], timeRange: { start: '9:00', end: '17:00' } }, false],
    [{ days: ['Monday'], timeRange: { start: '09:00', end: '24:00' } }, false],
    [{ days: ['Monday'], timeRange: { start: '09:00' } }, false],
    [{ days: ['Monday'], timeRange: { start: '09:00', end: '17:00' }, extra: 1 }, false],
  ])('preferredContactTimes %j valid: %s', (value, ok) => {
    expect(PreferredContactTimes.safeParse(value).success).toBe(ok);
  });

  it('the update body needs every field and the version loaded; assignee and notes are optional', () => {
    const body = {
      title: 't',
      description: 'd',
      propertyId: 'p1',
      issueType: 'HVAC',
      status: 'IN_PROGRESS',
      preferredContactTimes: { days: ['Friday'], timeRange: { start: '10:00', end: '11:00' } },
      version: 3,
    };
    expect(MaintenanceUpdate.safeParse(body).success).toBe(true);
    expect(MaintenanceUpdate.safeParse({ ...body, assignedToId: null, notes: '  ' }).data?.notes).toBeNull();
    for (const field of Object.keys(body)) {
      const { [field]: _, ...rest } = body as Record<string, unknown>;
      expect(MaintenanceUpdate.safeParse(rest).success, field).toBe(false);
    }
    const { version: _, ...noVersion } = body;
    expect(MaintenanceUpdate.safeParse(noVersion).error?.issues).toMatchObject([
      { path: ['version'], message: 'version is required: send the version of the request you loaded' },
    ]);
    for (const version of [0, 1.5, '2', null]) {
      expect(MaintenanceUpdate.safeParse({ ...body, version }).success, String(version)).toBe(false);
    }
  });

  it('list filters: blank means unset; "none" finds unassigned requests', () => {
    expect(MaintenanceListQuery.parse({ status: '', q: '', assignedToId: 'none', limit: '5' })).toEqual({
      assignedToId: 'none',
      limit: 5,
    });
    expect(MaintenanceListQuery.safeParse({ assignedToId: 'a/b' }).success).toBe(false);
  });
});

describe('the maintenance form (web)', () => {
  it('starts from the SPEC defaults and validates like the server', () => {
    const values = defaultValues();
    expect(values).toMatchObject({
      issueType: 'PLUMBING',
      status: 'NEW',
      start: '09:00',
      end: '17:00',
      propertyId: '',
    });
    expect(values.days).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(validate(values, true)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      propertyId: 'Choose a property',
    });
    expect(validate(values, false)).not.toHaveProperty('propertyId');
    const filled = { ...values, title: 'a', description: 'b', days: [], start: '18:00', end: '08:00' };
    expect(validate(filled, false)).toEqual({
      days: 'Choose at least one day',
      end: 'The start time must be before the end time',
    });
  });

  it('keeps days in week order and sends the SPEC body (staff add assignee and notes)', () => {
    expect(toggleDay(['Friday', 'Monday'], 'Wednesday', true)).toEqual(['Monday', 'Wednesday', 'Friday']);
    expect(toggleDay(['Monday', 'Friday'], 'Monday', false)).toEqual(['Friday']);
    const values = { ...defaultValues(), title: ' Sink ', description: ' Drip ', propertyId: 'p1', notes: '  ' };
    const tenantBody = toBody(values, false);
    expect(tenantBody).toEqual({
      title: 'Sink',
      description: 'Drip',
      propertyId: 'p1',
      issueType: 'PLUMBING',
      status: 'NEW',
      preferredContactTimes: { days: values.days, timeRange: { start: '09:00', end: '17:00' } },
    });
    expect(toBody(values, true)).toMatchObject({ assignedToId: null, notes: null });
  });

  it('loads a request in edit mode', () => {
    const request = {
      title: 'T',
      description: 'D',
      propertyId: 'p1',
      issueType: 'HVAC',
      status: 'PENDING',
      preferredContactTimes: { days: ['Sunday'], timeRange: { start: '07:00', end: '08:00' } },
      assignedToId: null,
      notes: null,
    } as unknown as Parameters<typeof valuesOf>[0];
    expect(valuesOf(request)).toMatchObject({
      issueType: 'HVAC',
      status: 'PENDING',
      days: ['Sunday'],
      assignedToId: '',
      notes: '',
    });
  });

  it('words failures as the product says', () => {
    expect(saveErrorText(new Error('Title is required'))).toBe('Error: Title is required');
    expect(saveErrorText(new Error(''))).toBe('Error: Failed to update maintenance request');
    expect(saveErrorText('boom')).toBe('An unexpected error occurred.');
  });
});
