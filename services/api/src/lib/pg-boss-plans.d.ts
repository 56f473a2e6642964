/** pg-boss's statement builders (its own module, without types): the two the job queue recognises. */
declare module 'pg-boss/src/plans' {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
