import { App } from 'aws-cdk-lib';
import { defineRentApp } from '../lib/app.js';
import { addNagChecks } from '../lib/nag.js';

const app = new App();
defineRentApp(app);
// AwsSolutions checks run on every synth and deploy; acknowledged findings live in infra/lib/nag.ts.
addNagChecks(app);
app.synth();
