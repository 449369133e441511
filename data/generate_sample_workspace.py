#!/usr/bin/env python3
"""Generates data/sample-workspace.json: a plausible ZhiXi (知习) learner.

Lin Xiao (林晓) studies the knowledge base 机器学习基础 (machine-learning fundamentals):
five learning paths of six lessons, from 1 September to 28 November 2026, in the evenings
in Shanghai (some sessions run past midnight). Each lesson is learned once and then
reviewed at growing, irregular gaps; the AI's mastery score rises with practice and with
the time spent, falls after long gaps, and its analysis names weak points from the
lesson's typical difficulties; the learner drills weak points the day after they are named
and reviews lessons when py-fsrs says they are due, within about 45 minutes an evening,
missing some evenings. Every session has its AIAnalysis record.

Deterministic: `python3 data/generate_sample_workspace.py > data/sample-workspace.json`
always writes the same file, in the workspace's schema 2 (the names of the app's design;
the schema 1 file it wrote before is kept as Tests/ZhiXiModelTests/Fixtures/workspace-schema-1.json). Needs py-fsrs (`pip install fsrs`, 6.x) to simulate memory.
"""
import json
import random
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler   # py-fsrs: pip install fsrs

SHANGHAI = timezone(timedelta(hours=8))
RANDOM = random.Random(20260901)
USER = "user-lin-xiao"

PATHS = [
    ("数学基础", [
        ("线性代数：向量与矩阵", 25, ["矩阵乘法的维度规则", "向量空间与基", "转置与逆矩阵"]),
        ("矩阵分解与特征值", 30, ["特征向量的几何意义", "奇异值分解的步骤", "对称矩阵的性质"]),
        ("概率论基础", 25, ["条件概率", "期望与方差的计算", "独立与互斥的区别"]),
        ("贝叶斯定理", 20, ["先验与后验的区别", "似然函数", "全概率公式"]),
        ("微积分与梯度", 25, ["偏导数", "链式法则", "方向导数与梯度方向"]),
        ("凸优化入门", 30, ["凸函数的判定", "拉格朗日乘子法", "局部最优与全局最优"]),
    ]),
    ("监督学习", [
        ("线性回归", 25, ["最小二乘法的推导", "正规方程", "多重共线性"]),
        ("逻辑回归", 25, ["Sigmoid 函数", "交叉熵损失", "决策边界"]),
        ("决策树", 30, ["信息增益与基尼系数", "剪枝策略", "连续特征的划分"]),
        ("支持向量机", 35, ["间隔最大化", "核函数的作用", "软间隔与松弛变量"]),
        ("K近邻算法", 20, ["距离度量的选择", "K 值对偏差方差的影响", "特征缩放"]),
        ("朴素贝叶斯分类器", 20, ["条件独立假设", "拉普拉斯平滑", "多项式与高斯模型"]),
    ]),
    ("模型评估", [
        ("训练集、验证集与测试集", 15, ["数据泄漏", "分层抽样", "测试集只能用一次"]),
        ("偏差与方差", 25, ["欠拟合与过拟合的判断", "学习曲线", "偏差方差权衡"]),
        ("交叉验证", 20, ["K 折交叉验证的流程", "留一法", "时间序列的交叉验证"]),
        ("评估指标：精确率与召回率", 25, ["精确率与召回率的区别", "F1 分数", "ROC 曲线与 AUC"]),
        ("正则化", 25, ["L1 与 L2 的区别", "正则化系数的选择", "稀疏性"]),
        ("超参数调优", 20, ["网格搜索与随机搜索", "早停", "学习率的选择"]),
    ]),
    ("神经网络", [
        ("感知机与多层感知机", 25, ["线性不可分问题", "隐藏层的作用", "万能近似定理"]),
        ("反向传播", 35, ["链式法则的应用", "梯度消失的原因", "计算图的构建"]),
        ("激活函数", 20, ["ReLU 的死亡问题", "Sigmoid 的饱和", "Softmax 的数值稳定"]),
        ("梯度下降的变体", 30, ["动量法", "Adam 的偏差修正", "批量大小的影响"]),
        ("卷积神经网络", 35, ["卷积核与感受野", "池化的作用", "参数共享"]),
        ("循环神经网络", 35, ["时间反向传播", "LSTM 的门控机制", "长期依赖问题"]),
    ]),
    ("无监督学习", [
        ("K均值聚类", 20, ["初始中心的选择", "K 值的确定", "簇的形状假设"]),
        ("层次聚类", 20, ["凝聚与分裂", "链接方式", "树状图的解读"]),
        ("主成分分析", 30, ["协方差矩阵", "方差解释比例", "PCA 与 SVD 的关系"]),
        ("高斯混合模型", 30, ["EM 算法的步骤", "软聚类", "协方差类型"]),
        ("异常检测", 20, ["孤立森林", "基于密度的方法", "阈值的选择"]),
        ("降维与可视化（t-SNE）", 25, ["困惑度参数", "t-SNE 不保留全局结构", "与 PCA 的比较"]),
    ]),
]

RECALLS = [
    "我记得{title}的核心是{point}，但是具体推导还不太熟。",
    "先说{title}的定义：{point}。然后用一个例子解释了它的用途。",
    "{title}主要解决的问题是……我用自己的话讲了一遍{point}。",
    "回忆{title}：关键点包括{point}，还有一些细节我想不起来了。",
]
SUGGESTIONS = {
    "low": ["重新阅读课程要点后再做一次回忆练习", "用一个具体例子推导一遍"],
    "mid": ["尝试向别人讲解，找出讲不清楚的地方", "把薄弱点整理成卡片"],
    "high": ["保持间隔复习即可", "尝试把这一课与相关课程联系起来"],
}


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def evening(day: datetime) -> datetime:
    """A study time in the evening, local; one in eight runs past midnight."""
    if RANDOM.random() < 0.125:
        return day + timedelta(days=1, hours=0, minutes=RANDOM.randint(5, 50))
    return day + timedelta(hours=RANDOM.randint(19, 22), minutes=RANDOM.randint(0, 59))


def main() -> None:
    start = datetime(2026, 9, 1, tzinfo=SHANGHAI)
    end = datetime(2026, 11, 28, 23, 59, tzinfo=SHANGHAI)
    knowledge_base = {"id": "kb-ml-basics", "title": "机器学习基础",
                      "description": "从数学基础到神经网络与无监督学习的机器学习入门知识库",
                      "language": "zh-Hans", "targetUser": "有高中数学基础的大学生",
                      "createdAt": "2026-08-30T12:00:00Z", "updatedAt": "2026-09-01T12:00:00Z"}
    paths, lessons = [], []
    for path_number, (path_title, path_lessons) in enumerate(PATHS, start=1):
        path_id = f"path-{path_number}"
        ids = []
        for lesson_number, (title, minutes, weak) in enumerate(path_lessons, start=1):
            lesson_id = f"lesson-{path_number}-{lesson_number}"
            ids.append(lesson_id)
            lessons.append({
                "id": lesson_id, "pathId": path_id, "knowledgeBaseId": knowledge_base["id"],
                "title": title, "content": f"{title}：概念、直觉与常见误区",
                "objectives": [f"说清楚{title}的核心思想", f"能用例子解释{weak[0]}"],
                "keyPoints": weak + [f"{title}的适用场景"],
                "recallQuestions": [f"{title}要解决什么问题？", f"请解释{weak[1]}。"],
                "practicePrompt": f"不看资料，用自己的话向同学讲解{title}，并举一个例子。",
                "order": len(lessons) + 1, "estimatedMinutes": minutes,
                "createdAt": "2026-08-30T12:00:00Z",
            })
        paths.append({"id": path_id, "knowledgeBaseId": knowledge_base["id"], "title": path_title,
                      "description": f"{path_title}：六节课", "estimatedDays": 2 * len(ids), "lessonIds": ids,
                      "order": path_number})

    weak_by_lesson = {}
    for path_number, (_, path_lessons) in enumerate(PATHS, start=1):
        for lesson_number, (_, _, weak) in enumerate(path_lessons, start=1):
            weak_by_lesson[f"lesson-{path_number}-{lesson_number}"] = weak
    sessions, analyses = [], []

    def record(lesson, moment, minutes, score, weak_points, review_type):
        number = len(sessions) + 1
        session_id, analysis_id = f"session-{number:04d}", f"analysis-{number:04d}"
        ended = moment + timedelta(minutes=minutes)
        pool = weak_by_lesson[lesson["id"]]
        user_input = RANDOM.choice(RECALLS).format(title=lesson["title"], point=RANDOM.choice(pool))
        band = "low" if score < 60 else ("mid" if score < 80 else "high")
        summary = f"掌握度 {score}。" + ("薄弱点：" + "、".join(weak_points) + "。" if weak_points else "要点完整。")
        suggestion = RANDOM.choice(SUGGESTIONS[band])
        session = {
            "id": session_id, "userId": USER, "lessonId": lesson["id"],
            "startedAt": iso(moment), "endedAt": iso(ended), "userInput": user_input,
            "aiAnalysis": summary, "analysisId": analysis_id, "masteryScore": score,
            "weakPoints": weak_points, "nextSuggestion": suggestion, "createdAt": iso(ended),
        }
        if review_type:
            session["reviewType"] = review_type
        sessions.append(session)
        analyses.append({
            "id": analysis_id, "sessionId": session_id, "userId": USER, "lessonId": lesson["id"],
            "inputText": user_input,
            "outputJson": json.dumps({"masteryScore": score, "weakPoints": weak_points,
                                      "suggestions": [suggestion]}, ensure_ascii=False),
            "masteryScore": score, "weakPoints": weak_points, "suggestions": [suggestion],
            "modelName": "qwen-plus", "createdAt": iso(ended + timedelta(seconds=RANDOM.randint(8, 40))),
            "costEstimate": round(RANDOM.uniform(0.0008, 0.0031), 4),
        })
        return ended

    # Day by day: the learner studies most evenings within about 45 minutes: weak-point drills
    # first (the day after an analysis named them), then lesson reviews that py-fsrs says are
    # due (most overdue first), then a new lesson every two or three days. The chance of
    # recalling a lesson is py-fsrs's retrievability; the score mixes it with the learner's
    # skill at that lesson, which grows with practice.
    scheduler = Scheduler(desired_retention=0.9, learning_steps=(), relearning_steps=(), enable_fuzzing=False)

    def rating_of(score):
        return Rating.Again if score < 60 else (Rating.Hard if score < 75 else (Rating.Good if score < 90 else Rating.Easy))

    state = {}          # lesson id -> {"card", "weak": [...], "weak_due", "skill"}
    next_new = 0
    day = start
    busy_days = {datetime(2026, 10, 3, tzinfo=SHANGHAI), datetime(2026, 10, 4, tzinfo=SHANGHAI),
                 datetime(2026, 11, 21, tzinfo=SHANGHAI), datetime(2026, 11, 26, tzinfo=SHANGHAI),
                 datetime(2026, 11, 27, tzinfo=SHANGHAI)}
    while day <= end - timedelta(hours=23):
        if day in busy_days or RANDOM.random() < 0.15:
            day += timedelta(days=1)
            continue
        moment = evening(day)
        budget = 45
        day_end = (day + timedelta(days=1, hours=4)).astimezone(timezone.utc)
        drills = sorted((entry["weak_due"], lesson_id) for lesson_id, entry in state.items()
                        if entry["weak"] and entry["weak_due"] <= day)
        reviews = sorted((entry["card"].due, lesson_id) for lesson_id, entry in state.items()
                         if not entry["weak"] and entry["card"].due <= day_end)
        for kind, lesson_id in [("drill", item[1]) for item in drills] + [("review", item[1]) for item in reviews]:
            if budget <= 0:
                break
            entry = state[lesson_id]
            lesson = next(item for item in lessons if item["id"] == lesson_id)
            when = moment.astimezone(timezone.utc)
            recall = scheduler.get_card_retrievability(entry["card"], when)
            score = round(100 * max(0.2, min(0.96, 0.55 * entry["skill"] + 0.45 * recall + RANDOM.gauss(0, 0.07))))
            if kind == "drill":
                # Each weak point is fixed with probability 0.65.
                weak_points = [point for point in entry["weak"] if RANDOM.random() < 0.35]
                review_type = "weakPoint"
            else:
                count = 0 if score >= 88 else (1 if score >= 72 else 2)
                weak_points = RANDOM.sample(weak_by_lesson[lesson_id], count)
                review_type = "feynman" if 40 <= score < 75 else ("spacedRepetition" if score >= 85 else "recall")
            minutes = RANDOM.randint(6, 14)
            entry["card"], _ = scheduler.review_card(entry["card"], rating_of(score), when)
            moment = record(lesson, moment, minutes, score, weak_points, review_type) + timedelta(minutes=RANDOM.randint(1, 6))
            budget -= minutes
            entry["skill"] = min(0.95, entry["skill"] + 0.03)
            entry["weak"] = weak_points
            entry["weak_due"] = day + timedelta(days=1)
        if budget >= 15 and next_new < len(lessons) and (day - start).days >= next_new * 2.95:
            lesson = lessons[next_new]
            next_new += 1
            skill = RANDOM.uniform(0.4, 0.8)
            score = round(100 * max(0.3, min(0.95, skill + RANDOM.gauss(0, 0.06))))
            count = 0 if score >= 88 else (1 if score >= 72 else (2 if score >= 55 else 3))
            weak_points = RANDOM.sample(weak_by_lesson[lesson["id"]], count)
            card, _ = scheduler.review_card(Card(card_id=next_new), rating_of(score), moment.astimezone(timezone.utc))
            record(lesson, moment, lesson["estimatedMinutes"] + RANDOM.randint(-3, 8), score, weak_points, None)
            state[lesson["id"]] = {"card": card, "skill": skill, "weak": weak_points, "weak_due": day + timedelta(days=1)}
        day += timedelta(days=1)

    sessions.sort(key=lambda session: session["startedAt"])
    analyses.sort(key=lambda analysis: analysis["createdAt"])
    workspace = {
        "schemaVersion": 2,
        "user": {"id": USER, "appleUserId": "001873.5f0c3e7a9b2d4c1e8f6a.0421", "displayName": "林晓",
                 "email": "linxiao@privaterelay.appleid.com", "preferredLanguage": "zh-Hans",
                 "onboardingCompleted": True, "createdAt": "2026-08-30T11:52:07Z",
                 "lastLoginAt": "2026-11-28T13:40:11Z", "status": "active"},
        "profile": {"userId": USER, "timeZone": "Asia/Shanghai", "dayStartHour": 4, "dailyMinutes": 45,
                    "desiredRetention": 0.9, "preferredLanguage": "zh-Hans", "firstWeekday": 2,
                    "updatedAt": "2026-09-01T12:00:00Z"},
        "knowledgeBases": [knowledge_base],
        "learningPaths": paths,
        "lessons": lessons,
        "sessions": sessions,
        "analyses": analyses,
        "reviewTasks": [],
        "feedback": [
            {"id": "feedback-1", "userId": USER, "sessionId": sessions[3]["id"], "analysisId": analyses[3]["id"],
             "category": "other", "content": "分析很准确，指出了我没注意到的问题。", "rating": 5,
             "createdAt": analyses[3]["createdAt"]},
            {"id": "feedback-2", "userId": USER, "sessionId": sessions[40]["id"], "rating": 3,
             "category": "content", "content": "建议有点笼统。", "createdAt": sessions[40]["endedAt"]},
        ],
    }
    print(json.dumps(workspace, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
