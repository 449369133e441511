// `import ZhiXiScheduler` brings the memory model with it: `Rating`, `MemoryState`,
// `FSRSParameters`, `MemoryModel` and the rest of ZhiXiMemory, which the scheduler's own API
// uses in every signature. A target that depends on the ZhiXiScheduler product needs no
// separate `import ZhiXiMemory`.
@_exported import ZhiXiMemory
