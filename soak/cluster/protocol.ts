/** The frameworks of the cluster's instances. */
export type ClusterFramework = 'fastify' | 'express';

/** What the parent tells an instance process (JSON in `SOAK_INSTANCE_CONFIG`). */
export interface InstanceConfig {
  readonly name: string;
  readonly framework: ClusterFramework;
  readonly port: number;
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  readonly redisUrl: string;
  readonly table: string;
  /** The `application_name` of the instance's pools, so that a fault can end their server connections only. */
  readonly applicationName: string;
  readonly rateLimitMax: number;
  readonly rateLimitWindowMs: number;
  /** Redis's command timeout: above its slowest reply on a loaded machine, so that counts stay exact. */
  readonly commandTimeoutMs: number;
}

/** The table the cluster soak keeps its users in, on the primary (and, by streaming, the replica). */
export const CLUSTER_TABLE = 'pagelope_cluster_users';
/** The `application_name` of every instance's pools. */
export const CLUSTER_APPLICATION = 'pagelope-cluster-soak';
