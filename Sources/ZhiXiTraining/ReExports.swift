// `import ZhiXiTraining` brings the card scheduler with it (and through it the memory model):
// the review log's row and columns (`ReviewLogRow`, `ReviewLogColumns`), `CardScheduler`,
// `StudyCalendar` and `AnkiDayCount` appear in this library's signatures, so a target that
// depends on the ZhiXiTraining product needs no separate `import ZhiXiScheduler`.
@_exported import ZhiXiScheduler
