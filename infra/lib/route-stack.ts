import type { RouteDef } from '@rent/shared';
import { Stack, type StackProps } from 'aws-cdk-lib';
import {
  type HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { RouteFunction, type RouteFunctionProps } from './route-function.js';

export interface RouteStackProps extends StackProps, Omit<RouteFunctionProps, 'route'> {
  /** The routes this stack deploys (infra/lib/route-stacks.ts: the domains of the route table it holds). */
  routes: readonly RouteDef[];
  httpApi: HttpApi;
  /** The JWT authorizer of every route that is not public. */
  authorizer: IHttpRouteAuthorizer;
}

/**
 * One area's routes of the HTTP API: a Lambda and a route per entry. The API, its stage and authorizer live in
 * the Api stack; each area is a stack of its own because one stack of every route (~7 resources each:
 * function, role, policy, integration, route, permission, ...) would pass CloudFormation's 500 resources.
 */
export class RouteStack extends Stack {
  readonly routes: readonly RouteDef[];
  readonly functions: Record<string, RouteFunction> = {};
  readonly httpRoutes: Record<string, HttpRoute> = {};

  constructor(scope: Construct, id: string, props: RouteStackProps) {
    const { routes, httpApi, authorizer, ...functionProps } = props;
    super(scope, id, props);
    this.routes = routes;
    for (const route of routes) {
      const routeFunction = new RouteFunction(this, route.id, { ...functionProps, route });
      this.functions[route.id] = routeFunction;
      this.httpRoutes[route.id] = new HttpRoute(this, `${route.id}Route`, {
        httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.id}Integration`, routeFunction.function),
        // Public routes (an invitation link's page) have none: the handler's own rate limit guards them.
        ...(!route.public && { authorizer }),
      });
    }
  }
}
