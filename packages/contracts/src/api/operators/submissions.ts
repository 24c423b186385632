/** A sprint team's project submission: what members send, and what the members' and operators' pages read. */
export interface SubmissionInput {
  projectName: string;
  description: string;
  repositoryUrl: string;
  demoUrl: string | null;
  /** Image URLs (uploaded through the careercard service's /api/fileUpload), at most 10. */
  images: string[];
}
export interface Submission extends SubmissionInput {
  updatedAt: string;
}
