import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { addNagChecks } from '../../../infra/lib/nag.js';
import { type Synthesized, theRentApp } from '../fixture.js';

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

/** Every unacknowledged violation of every plugin (cdk-nag, CDK's own template rules, annotations). */
function blockingFindings(assemblyDir: string): string[] {
  const report = JSON.parse(readFileSync(join(assemblyDir, 'validation-report.json'), 'utf8')) as ValidationReport;
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations
      .filter((v) => v.severity !== 'info')
      .flatMap((v) => v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} at ${c.constructPath}`)),
  );
}

let synth: Synthesized;

// The synth itself is the first check: with AwsSolutions registered, an unacknowledged error makes
// app.synth() throw with the whole report, so beforeAll (and every test) fails with the finding in view.
beforeAll(async () => {
  synth = await theRentApp();
});

describe('cdk-nag AwsSolutions', () => {
  it('leaves no unacknowledged error or warning in the validation report', () => {
    expect(blockingFindings(synth.assembly.directory)).toEqual([]);
  });

  it('really reports findings through the same wiring (control: a bucket with no logs and no TLS rule)', () => {
    const app = new App({ context: { '@aws-cdk/core:annotationsInValidationReport': true } });
    new Bucket(new Stack(app, 'Control'), 'Careless');
    addNagChecks(app);
    expect(() => app.synth()).toThrow(/AwsSolutions-S1[\s\S]*Careless|Careless[\s\S]*AwsSolutions-S1/);
  });

  it('acknowledges only findings that exist, each with a reason (no stale or silent acknowledgements)', () => {
    // Run the pack once more with acknowledgements ignored to see the raw findings they cover.
    const raw = new AwsSolutionsChecks();
    Object.defineProperty(raw, 'isAcknowledged', { value: () => false });
    const findings = raw
      .validateScope(synth.app)
      .violations.flatMap((v) => v.violatingResources.map((r) => ({ rule: v.ruleName, path: r.constructPath ?? '' })));

    const acknowledgements = synth.app.node.findAll().flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
        .map(([id, reason]) => ({ path: construct.node.path, rule: id.replace(/^[^:]+::/, ''), reason })),
    );
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const ack of acknowledgements) {
      expect(ack.reason.length, `${ack.rule} at ${ack.path} needs a real reason`).toBeGreaterThan(40);
      const covered = findings.some(
        (f) => f.rule === ack.rule && (f.path === ack.path || f.path.startsWith(`${ack.path}/`)),
      );
      expect(covered, `stale acknowledgement ${ack.rule} at ${ack.path}`).toBe(true);
    }
  });
});
