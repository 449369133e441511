// Filled by the work in progress.
