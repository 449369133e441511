import ZhiXiCore
import ZhiXiMemory
import ZhiXiModel
import ZhiXiPlanner
import ZhiXiScheduler

/// Simulates a ZhiXi learner day by day: lessons instead of cards, AI mastery scores instead
/// of buttons, the planner's four review types with their own durations, weak points that
/// appear, are drilled and retire, and a daily budget in minutes. Driven by the planner's
/// own policy types (from ``ZhiXiSimulationConfiguration/planner``), one day at a time: each
/// day only the items due that day are looked at, never the whole history.
///
/// Each day:
/// 1. **Due items** (lessons and weak points whose next review falls on the day, as the
///    planner dates it: when predicted recall falls to the desired retention, a day of the
///    `FuzzRange` when fuzz is on, chosen by the `LoadBalancer` towards lighter days when
///    load balancing is on; overdue items of the starting state are due on day 0).
/// 2. **Order**, most urgent first, as the planner orders a day: lowest predicted recall
///    today, a weak point's at most its lesson's, so that it comes before its lesson's review.
/// 3. **Budget**, filled as the planner fills a day: each task in turn is done if its minutes
///    (`TaskDurationEstimate` of its type, from the `ReviewTypePolicy`) fit in what is left
///    of ``ZhiXiSimulationConfiguration/dailyMinutes`` (a smaller, less urgent task may take
///    the room a larger one left); otherwise it spills to the next day, where its recall is
///    lower and it is more urgent, and is reported (``SimulationDays/spilledTasks``). The only
///    excess is a single task longer than the whole budget, done alone on an otherwise empty
///    day and reported (``SimulationDays/overBudgetMinutes``). A budget of 0 has no limit.
///    With ``ZhiXiSimulationConfiguration/weekdayMinutes`` or
///    ``ZhiXiSimulationConfiguration/breaks`` each day has its own budget, as the planner's
///    `StudySchedule` gives it: a day without study time does nothing (what is due moves on
///    a day, unreported), the load balancer draws reviews towards the lighter days of their
///    fuzz range, and on the last study day before a break the reviews due during it that
///    would be fragile by its end (`MoveRanking`) are done if the day has room.
/// 4. **A review**: recall is drawn from the item's retrievability; a mastery score is drawn
///    from ``MasteryScoreDistribution`` given recall and rated by the planner's
///    `MasteryRatingScale`; the memory is updated as the planner replays a session. A lesson
///    review is an assessment: its weak points are named again (reviewed with Hard, Again if
///    the session was Again) unless the learner recalls them, in which case they retire, and a
///    new one may appear (``WeakPointBehaviour``).
/// 5. **New lessons**, in course order, at ``ZhiXiSimulationConfiguration/newLessonsPerDay``,
///    after the reviews and only if none spilled; a lesson takes its estimated minutes, its
///    first session is scored from ``MasteryScoreDistribution/firstSession``.
///
/// Memorized items are the lessons' summed probability of recall each day (weak points are
/// reported as counts). The same seed gives the same result.
///
/// Complexity: O(tasks · log(tasks due a day) + studied lessons · days); state in contiguous
/// arrays of plain values, allocated once per run (they grow only when weak points outnumber
/// every slot freed so far); no allocation per review.
package struct ZhiXiSimulator: Sendable {
    /// The configuration, validated.
    package let configuration: ZhiXiSimulationConfiguration
    /// The course and the learner's memory on day 0.
    package let start: ZhiXiStartingState
    /// The FSRS-6 memory model (from the planner configuration's parameters).
    package let model: MemoryModel

    /// A simulator of a course from a starting state.
    /// - Throws: ``SimulationConfigurationError`` for a configuration that fails
    ///   ``ZhiXiSimulationConfiguration/validate()``, or a lesson of the starting state with
    ///   no minutes, a score outside 0–100 or a memory later than day 0.
    /// - Complexity: O(lessons and weak points of the starting state) to check them.
    package init(configuration: ZhiXiSimulationConfiguration = ZhiXiSimulationConfiguration(),
                start: ZhiXiStartingState) throws(SimulationConfigurationError) {
        try configuration.validate()
        for (index, lesson) in start.lessons.enumerated() {
            guard lesson.estimatedMinutes >= 1 else {
                throw .outOfRange(field: "lessons[\(index)].estimatedMinutes", value: "\(lesson.estimatedMinutes)", allowed: "at least 1 minute")
            }
            if let score = lesson.latestScore, !(0 ... 100).contains(score) {
                throw .outOfRange(field: "lessons[\(index)].latestScore", value: "\(score)", allowed: "a score from 0 to 100")
            }
            for memory in (lesson.memory.map { [$0] } ?? []) + lesson.weakPoints.map(\.memory) {
                guard memory.lastReviewDay <= 0, memory.state.stability > 0, memory.state.stability.isFinite else {
                    throw .outOfRange(field: "lessons[\(index)].memory", value: "\(memory.state), day \(memory.lastReviewDay)",
                                      allowed: "a positive stability reviewed on day 0 or before")
                }
            }
        }
        self.configuration = configuration
        self.start = start
        model = MemoryModel(parameters: configuration.planner.parameters)
    }

    /// Simulates ``ZhiXiSimulationConfiguration/spanDays`` days with intervals aiming at
    /// `desiredRetention`, drawing random numbers from `seed`. With `recordingReviews`, the
    /// result's ``SimulationResult/reviewLog`` lists every task done.
    /// - Throws: ``SimulationConfigurationError/desiredRetentionOutOfRange(_:)`` unless
    ///   `desiredRetention` is strictly between 0 and 1.
    /// - Complexity: O(tasks · log(tasks due a day) + studied lessons · days), as described on the type.
    package func run(desiredRetention: Double, seed: UInt64, recordingReviews: Bool = false) throws(SimulationConfigurationError) -> SimulationResult {
        guard desiredRetention > 0, desiredRetention < 1 else { throw .desiredRetentionOutOfRange(desiredRetention) }
        return simulate(desiredRetention: desiredRetention, seed: seed, recordingReviews: recordingReviews)
    }

    /// ``run(desiredRetention:seed:recordingReviews:)`` for a desired retention already checked.
    func simulate(desiredRetention: Double, seed: UInt64, recordingReviews: Bool = false) -> SimulationResult {
        var run = ZhiXiRun(simulator: self, desiredRetention: desiredRetention, seed: seed, recordingReviews: recordingReviews)
        return run.simulate()
    }
}

/// The state of one ZhiXi simulation run: items (lessons first, then weak points) as
/// contiguous arrays of plain values.
private struct ZhiXiRun {
    let model: MemoryModel
    let planner: PlannerConfiguration
    let scores: MasteryScoreDistribution
    let weakPointProbabilities: [Double]
    let maximumWeakPoints: Int
    let desiredRetention: Double
    let span: Int
    let budget: Int
    /// Each day's budget when the days differ (minutes per weekday, breaks), day `d` of the
    /// run being study day `firstDay + d`; `nil` when every day has ``budget``.
    let studySchedule: StudySchedule?
    let firstDay: Int
    /// Below this predicted recall on the first study day after a break, a review due in the
    /// break is fragile and done before it when there is room.
    let fragileFloor: Double
    let newLessonsPerDay: Double
    let seed: UInt64
    let recordingReviews: Bool

    var reviewLog: [SimulatedReview] = []
    var generator: SplitMix64
    var days: SimulationDays
    var summary: SimulationSummary
    // Items: lessons are 0 ..< lessonCount, weak points after.
    var stability: [Double] = []
    var difficulty: [Double] = []
    var lastDay: [Int32] = []
    var dueDay: [Int32] = []
    /// The day the item's interval made it due (``dueDay`` moves on when it spills).
    var scheduledDay: [Int32] = []
    var active: [Bool] = []
    var owner: [Int32] = []
    var queuedOnDay: [Int32] = []
    // Lessons.
    let lessonCount: Int
    var lessonMinutes: [Int32]
    var latestScore: [Int16]
    var weakSlots: [Int32]
    var newLessons: [Int32] = []
    var freeWeakPoints: [Int32] = []
    var activeWeakPoints = 0
    var buckets: DueBuckets
    /// Tasks due on each day, for the load balancer.
    var load: DueDayLoad

    init(simulator: ZhiXiSimulator, desiredRetention: Double, seed: UInt64, recordingReviews: Bool) {
        self.recordingReviews = recordingReviews
        let configuration = simulator.configuration
        model = simulator.model
        planner = configuration.planner
        scores = configuration.scores
        weakPointProbabilities = configuration.weakPoints.newWeakPointProbabilities
        maximumWeakPoints = configuration.weakPoints.maximumPerLesson
        self.desiredRetention = desiredRetention
        span = configuration.spanDays
        budget = configuration.dailyMinutes
        studySchedule = try? configuration.studySchedule()   // validated by the simulator's init
        firstDay = configuration.startDate?.daysSince1970 ?? 0
        fragileFloor = MoveRanking.fragileRecallFloor(desiredRetention: desiredRetention)
        newLessonsPerDay = configuration.newLessonsPerDay
        self.seed = seed
        generator = SplitMix64(seed: seed)
        days = SimulationDays(dayCount: span, mode: .zhiXi)
        summary = SimulationSummary(days: days)
        lessonCount = simulator.start.lessons.count
        let capacity = lessonCount * (1 + min(maximumWeakPoints, 2))
        stability.reserveCapacity(capacity)
        difficulty.reserveCapacity(capacity)
        lastDay.reserveCapacity(capacity)
        dueDay.reserveCapacity(capacity)
        scheduledDay.reserveCapacity(capacity)
        active.reserveCapacity(capacity)
        owner.reserveCapacity(capacity)
        queuedOnDay.reserveCapacity(capacity)
        lessonMinutes = simulator.start.lessons.map { Int32(clamping: $0.estimatedMinutes) }
        latestScore = simulator.start.lessons.map { Int16($0.latestScore ?? -1) }
        weakSlots = [Int32](repeating: -1, count: lessonCount * maximumWeakPoints)
        buckets = DueBuckets(dayCount: span, capacity: capacity)
        load = DueDayLoad(firstDay: 0, dayCount: span + LoadBalancer.maximumBalancedIntervalDays + 40)

        for lesson in 0 ..< lessonCount {
            appendItem(owner: lesson)
        }
        for (lesson, start) in simulator.start.lessons.enumerated() {
            guard let memory = start.memory else {
                newLessons.append(Int32(lesson))
                continue
            }
            setMemory(lesson, memory.state, day: memory.lastReviewDay)
            active[lesson] = true
            for weakPoint in start.weakPoints.prefix(maximumWeakPoints) {
                let item = addWeakPoint(to: lesson)
                setMemory(item, weakPoint.memory.state, day: weakPoint.memory.lastReviewDay)
            }
        }
        // Date the starting items only now, in item order, so that the draws do not depend on
        // the order in which the state was built.
        for item in 0 ..< stability.count where active[item] { schedule(item) }
    }

    // MARK: Items

    mutating func appendItem(owner lesson: Int) {
        stability.append(0)
        difficulty.append(0)
        lastDay.append(0)
        dueDay.append(Int32.max)
        scheduledDay.append(Int32.max)
        active.append(false)
        owner.append(Int32(lesson))
        queuedOnDay.append(-1)
    }

    mutating func setMemory(_ item: Int, _ state: MemoryState, day: Int) {
        stability[item] = state.stability
        difficulty[item] = state.difficulty
        lastDay[item] = Int32(clamping: day)
    }

    func memory(_ item: Int) -> MemoryState { MemoryState(stability: stability[item], difficulty: difficulty[item]) }

    func recall(_ item: Int, onDay day: Int) -> Double {
        model.retrievability(elapsedDays: Double(max(0, day - Int(lastDay[item]))), stability: stability[item])
    }

    /// Records a review of an item on `day` with `rating`, as the planner's replay does.
    mutating func review(_ item: Int, rating: Rating, day: Int) {
        let elapsed = Double(max(0, day - Int(lastDay[item])))
        setMemory(item, model.nextState(after: memory(item), elapsedDays: elapsed, rating: rating), day: day)
    }

    /// Dates an item's next review as the planner does: when recall falls to the desired
    /// retention; with fuzz, a day of its `FuzzRange`, with load balancing the day the
    /// planner's `LoadBalancer` draws given the tasks already due (intervals up to
    /// `LoadBalancer.maximumBalancedIntervalDays`); never before day 0 (an overdue item of
    /// the starting state is due on day 0).
    mutating func schedule(_ item: Int) {
        let last = Int(lastDay[item])
        let exact = model.interval(stability: stability[item], desiredRetention: desiredRetention)
        var due: Int
        if planner.fuzz {
            let range = FuzzRange(intervalDays: exact, maximumIntervalDays: planner.maximumIntervalDays)
            let window = last + range.lowerDays ... last + range.upperDays
            if planner.loadBalancing, range.upperDays <= LoadBalancer.maximumBalancedIntervalDays, window.lowerBound >= 0 {
                if let studySchedule {
                    // Easy Days: lighter days of the window draw fewer reviews, days without study none.
                    let minutes = task(item).minutes, firstDay = firstDay
                    due = LoadBalancer.balancedDay(in: window, lastReviewDay: last, load: load,
                                                   dayShare: { studySchedule.share(ofDay: firstDay + $0, forMinutes: minutes) },
                                                   generator: &generator)
                } else {
                    due = LoadBalancer.balancedDay(in: window, lastReviewDay: last, load: load, generator: &generator)
                }
            } else if let studySchedule {
                due = studySchedule.fuzzedDay(in: firstDay + window.lowerBound ... firstDay + window.upperBound,
                                              unit: generator.nextUnitInterval()) - firstDay
            } else {
                due = last + range.interval(unitValue: generator.nextUnitInterval())
            }
        } else {
            due = last + MemoryModel.roundedInterval(exact, maximumInterval: planner.maximumIntervalDays)
        }
        due = max(0, due)
        scheduledDay[item] = Int32(clamping: due)
        move(item, toDay: due)
    }

    /// Makes `day` the item's due day: in the day's bucket (within the span) and counted in
    /// the load, no longer on its previous day.
    mutating func move(_ item: Int, toDay day: Int) {
        if dueDay[item] != .max { load.remove(onDay: Int(dueDay[item])) }
        dueDay[item] = Int32(clamping: day)
        load.add(onDay: day)
        if day < span { buckets.add(item, onDay: day) }
    }

    /// Takes a retired weak point off its due day.
    mutating func unschedule(_ item: Int) {
        if dueDay[item] != .max { load.remove(onDay: Int(dueDay[item])) }
        dueDay[item] = .max
    }

    /// A new weak point of `lesson` in a free slot (the caller checks there is one).
    mutating func addWeakPoint(to lesson: Int) -> Int {
        let item: Int
        if let free = freeWeakPoints.popLast() {
            item = Int(free)
            owner[item] = Int32(lesson)
        } else {
            item = stability.count
            appendItem(owner: lesson)
        }
        active[item] = true
        let slots = lesson * maximumWeakPoints
        let slot = (slots ..< slots + maximumWeakPoints).first { weakSlots[$0] < 0 }!
        weakSlots[slot] = Int32(item)
        activeWeakPoints += 1
        return item
    }

    func weakPointCount(of lesson: Int) -> Int {
        let slots = lesson * maximumWeakPoints
        return (slots ..< slots + maximumWeakPoints).reduce(0) { $0 + (weakSlots[$1] >= 0 ? 1 : 0) }
    }

    // MARK: Sessions

    /// A mastery score drawn given recall.
    mutating func score(recalled: Bool) -> Int {
        MasteryScoreDistribution.draw(recalled ? scores.recalled : scores.forgotten, generator: &generator)
    }

    /// What an assessment of `lesson` rated `rating` on `day` does to its weak points: each
    /// active one is named again unless recalled (then it retires); a new one may appear.
    mutating func assess(_ lesson: Int, rating: Rating, day: Int) {
        let slots = lesson * maximumWeakPoints
        for slot in slots ..< slots + maximumWeakPoints where weakSlots[slot] >= 0 {
            let item = Int(weakSlots[slot])
            if generator.nextUnitInterval() < recall(item, onDay: day) {
                unschedule(item)
                active[item] = false
                weakSlots[slot] = -1
                freeWeakPoints.append(Int32(item))
                activeWeakPoints -= 1
                summary.weakPointsRetired += 1
            } else {
                review(item, rating: rating == .again ? .again : .hard, day: day)
                schedule(item)
            }
        }
        let probability = weakPointProbabilities[rating.rawValue - 1]
        if generator.nextUnitInterval() < probability, weakPointCount(of: lesson) < maximumWeakPoints {
            let item = addWeakPoint(to: lesson)
            setMemory(item, model.initialState(rating: .again), day: day)
            summary.weakPointsAppeared += 1
            schedule(item)
        }
    }

    /// Minutes of an item's review and, for a lesson, its review type.
    func task(_ item: Int) -> (minutes: Int, type: ReviewType) {
        let lesson = Int(owner[item])
        let type: ReviewType = item >= lessonCount
            ? .weakPoint
            : planner.typePolicy.lessonReviewType(latestScore: latestScore[lesson] < 0 ? nil : Int(latestScore[lesson]),
                                                  stability: stability[item])
        return (planner.durations.minutes(for: type, lessonMinutes: Int(lessonMinutes[lesson])), type)
    }

    /// Whether a task of `minutes` fits day `day` with `used` minutes taken: within the budget,
    /// or alone on an empty day (with the week's largest budget), or always with a budget of 0
    /// (no limit), as the planner rules. A day without study time (a weekday at 0 minutes, a
    /// day away) takes nothing.
    func fits(_ minutes: Int, used: Int, day: Int) -> Bool {
        guard let studySchedule else { return budget == 0 || used + minutes <= budget || used == 0 }
        guard let dayBudget = studySchedule.minutes(onDay: firstDay + day) else { return true }
        return dayBudget > 0 && (used + minutes <= dayBudget || (used == 0 && dayBudget == studySchedule.largestMinutes))
    }

    /// Whether day `day` has study time.
    func isStudyDay(_ day: Int) -> Bool {
        studySchedule?.isStudyDay(firstDay + day) ?? true
    }

    /// On the last study day before a break: the reviews due during the break whose predicted
    /// recall on the first study day after it falls below ``fragileFloor`` are done now, the
    /// most fragile first (a weak point at most as its lesson), as far as the day has room;
    /// the others wait, as the planner does. Returns the minutes used.
    mutating func reviewFragileBeforeBreak(day: Int, used: Int) -> Int {
        guard let studySchedule else { return used }
        let returnDay = studySchedule.firstStudyDay(onOrAfter: firstDay + day + 1) - firstDay
        guard returnDay > day + 1, (day + 1 ..< returnDay).contains(where: { studySchedule.isAway(onDay: firstDay + $0) }) else {
            return used
        }
        var fragile: [DueTask] = []
        for item in 0 ..< stability.count where active[item] && Int(dueDay[item]) > day && Int(dueDay[item]) < returnDay {
            var key = recall(item, onDay: returnDay)
            let lesson = Int(owner[item])
            if item >= lessonCount, active[lesson], Int(dueDay[lesson]) < returnDay { key = min(key, recall(lesson, onDay: returnDay)) }
            if key < fragileFloor { fragile.append(DueTask(urgency: key, item: Int32(item), isLesson: item < lessonCount)) }
        }
        fragile.sort(by: DueTask.precedes)
        var used = used
        for task in fragile {
            let item = Int(task.item)
            guard active[item], Int(dueDay[item]) > day, Int(dueDay[item]) < returnDay else { continue }
            let (minutes, type) = self.task(item)
            guard fits(minutes, used: used, day: day) else { continue }
            used += minutes
            perform(item, type: type, minutes: minutes, day: day)
        }
        return used
    }

    /// The first day on which the `index`-th new lesson (from 0) is released by the rate.
    func releaseDay(ofNewLesson index: Int) -> Int {
        max(0, Int((Double(index + 1) / newLessonsPerDay - 1e-9).rounded(.up)) - 1)
    }

    // MARK: Days

    mutating func simulate() -> SimulationResult {
        var due: [DueTask] = []
        due.reserveCapacity(256)
        var drained: [Int32] = []
        drained.reserveCapacity(256)
        var studiedNew = 0
        var memorizedAtStart = 0.0
        for lesson in 0 ..< lessonCount where active[lesson] { memorizedAtStart += recall(lesson, onDay: 0) }

        for day in 0 ..< span {
            // 1. The items due today (skipping entries left behind by a rescheduled item).
            due.removeAll(keepingCapacity: true)
            drained.removeAll(keepingCapacity: true)
            buckets.drain(day: day) { drained.append(Int32($0)) }
            for entry in drained {
                let item = Int(entry)
                guard active[item], Int(dueDay[item]) == day, Int(queuedOnDay[item]) != day else { continue }
                queuedOnDay[item] = Int32(day)
                let lesson = Int(owner[item])
                // The planner's urgency: predicted recall today, a weak point's at most its
                // lesson's, so that it comes before its lesson's review.
                var urgency = recall(item, onDay: day)
                if item >= lessonCount, active[lesson] { urgency = min(urgency, recall(lesson, onDay: day)) }
                due.append(DueTask(urgency: urgency, item: Int32(item), isLesson: item < lessonCount))
            }
            // 2. Most urgent first.
            due.sort(by: DueTask.precedes)

            // 3. Within the budget, as the planner fills a day: each task in turn if it fits
            //    (a smaller, less urgent one may take the room a larger one left), a task
            //    longer than the whole budget on a day of its own; a budget of 0 has no limit.
            var used = 0
            var anySpilled = false
            for task in due {
                let item = Int(task.item)
                guard active[item], Int(dueDay[item]) == day else { continue }   // changed by its lesson's assessment
                let (minutes, type) = self.task(item)
                if !isStudyDay(day) {
                    move(item, toDay: day + 1)   // no study today: due on the next day
                    continue
                }
                if !fits(minutes, used: used, day: day) {
                    anySpilled = true
                    days.spilledTasks[day] += 1
                    days.spilledMinutes[day] += minutes
                    move(item, toDay: day + 1)
                    continue
                }
                used += minutes
                perform(item, type: type, minutes: minutes, day: day)
            }
            // 4b. Before a break, the fragile reviews due during it.
            if studySchedule != nil, isStudyDay(day) { used = reviewFragileBeforeBreak(day: day, used: used) }

            // 5. New lessons, if nothing had to wait.
            let released = min(newLessons.count, Int((newLessonsPerDay * Double(day + 1) + 1e-9).rounded(.down)))
            while !anySpilled, studiedNew < released {
                let lesson = Int(newLessons[studiedNew])
                let minutes = Int(lessonMinutes[lesson])
                guard fits(minutes, used: used, day: day) else {
                    days.capReached[day] = true
                    break
                }
                used += minutes
                studiedNew += 1
                let score = MasteryScoreDistribution.draw(scores.firstSession, generator: &generator)
                let rating = planner.ratingScale.rating(forScore: score)
                setMemory(lesson, model.initialState(rating: rating), day: day)
                latestScore[lesson] = Int16(score)
                active[lesson] = true
                days.learned[day] += 1
                if recordingReviews {
                    reviewLog.append(SimulatedReview(item: lesson, lesson: lesson, kind: .learning, day: day, dueDay: releaseDay(ofNewLesson: studiedNew - 1), lastReviewDay: nil,
                                                     rating: rating, seconds: Double(minutes * 60)))
                }
                assess(lesson, rating: rating, day: day)
                schedule(lesson)
            }
            days.newWaiting[day] = released - studiedNew
            if anySpilled { days.capReached[day] = true }
            if let studySchedule {
                days.overBudgetMinutes[day] = studySchedule.minutes(onDay: firstDay + day).map { max(0, used - $0) } ?? 0
            } else {
                days.overBudgetMinutes[day] = budget > 0 ? max(0, used - budget) : 0
            }
            days.seconds[day] = Double(used * 60)
            days.activeWeakPoints[day] = activeWeakPoints
        }

        // Every studied lesson's recall up to the end of the span.
        for lesson in 0 ..< lessonCount where active[lesson] {
            let last = Int(lastDay[lesson])
            model.addRetrievability(to: &days.memorized, days: last ..< span, lastDay: last, stability: stability[lesson])
        }
        let counters = summary
        summary = SimulationSummary(days: days)
        summary.weakPointsAppeared = counters.weakPointsAppeared
        summary.weakPointsRetired = counters.weakPointsRetired
        summary.spacedRepetitionReviews = counters.spacedRepetitionReviews
        summary.feynmanReviews = counters.feynmanReviews
        summary.recallReviews = counters.recallReviews
        summary.notStarted = newLessons.count - studiedNew
        summary.memorizedAtStart = memorizedAtStart
        return SimulationResult(mode: .zhiXi, desiredRetention: desiredRetention, seed: seed, days: days, summary: summary,
                                reviewLog: reviewLog)
    }

    /// Does the review of a due item on `day`.
    mutating func perform(_ item: Int, type: ReviewType, minutes: Int, day: Int) {
        let recall = recall(item, onDay: day)
        let recalled = generator.nextUnitInterval() < recall
        let score = score(recalled: recalled)
        let rating = planner.ratingScale.rating(forScore: score)
        if recordingReviews {
            let kind: SimulatedReview.Kind
            switch type {
            case .spacedRepetition: kind = .spacedRepetition
            case .feynman: kind = .feynman
            case .weakPoint: kind = .weakPoint
            default: kind = .recall
            }
            reviewLog.append(SimulatedReview(item: item, lesson: Int(owner[item]), kind: kind, day: day, dueDay: Int(scheduledDay[item]),
                                             lastReviewDay: Int(lastDay[item]), rating: rating, seconds: Double(minutes * 60)))
        }
        days.reviews[day] += 1
        if recalled { days.correctReviews[day] += 1 }
        if item >= lessonCount {
            days.weakPointDrills[day] += 1
            review(item, rating: rating, day: day)
            schedule(item)
            return
        }
        switch type {
        case .spacedRepetition: summary.spacedRepetitionReviews += 1
        case .feynman: summary.feynmanReviews += 1
        default: summary.recallReviews += 1
        }
        let last = Int(lastDay[item])
        model.addRetrievability(to: &days.memorized, days: last ..< day, lastDay: last, stability: stability[item])
        review(item, rating: rating, day: day)
        latestScore[item] = Int16(score)
        assess(item, rating: rating, day: day)
        schedule(item)
    }
}

/// A task due on a day, with what orders it.
private struct DueTask {
    /// Predicted recall today (lower is more urgent); a weak point's at most its lesson's.
    var urgency: Double
    var item: Int32
    var isLesson: Bool

    /// Most urgent first; on equal urgency a weak point before a lesson (so a weak point comes
    /// before its own lesson's review), then by item, so the order is total.
    static func precedes(_ lhs: DueTask, _ rhs: DueTask) -> Bool {
        if lhs.urgency != rhs.urgency { return lhs.urgency < rhs.urgency }
        if lhs.isLesson != rhs.isLesson { return !lhs.isLesson }
        return lhs.item < rhs.item
    }
}
