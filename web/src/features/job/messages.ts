/** Texts of the job screens that the API's contract does not carry. */
export const jobMessages = {
  addJob: "Add Job",
  addJobNote: "An admin reviews each job before it runs.",
  showForm: "Show form",
  hideForm: "Hide form",
  jobsTitle: "Jobs",
  emptyNext:
    "This node has no job yet: a job is the data feed your node serves to the network. Add its first job; an admin reviews it before it runs.",
  requestsTitle: "Job Requests",
  confirmSubmit: "To submit the Job type yes and confirm",
  confirmUpdate: "To Update the Job Status type yes and confirm",
  confirmDelete: (name: string) => `To delete the Job "${name}" type yes and confirm`,
  searchByStatus: "Search by status",
  statusChips: "Jobs by status",
  quickUpdateTitle: "Update Job Status",
  /** The list row's button that opens the quick update. */
  quickUpdate: "Update status",
  quickUpdateHint: "Approve or reject this job, with notes, without leaving the list",
  oneValuePerLine: "One value per line",
  submitJob: "Submit Job",
  updateJob: "Update Job",
  updateStatus: "Update Status",
  categoriesTitle: "Job Categories",
  addCategory: "Add Category",
  confirmRemoveCategory: (name: string) => `To remove the category "${name}" type yes and confirm`,
} as const;
