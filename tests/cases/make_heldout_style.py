"""Build tests/cases/heldout_style.jsonl: hand-written rewrites of reference answers (correct)
and near-misses (wrong), each wrapped in a frontier-model response style.

Run: .venv/bin/python tests/cases/make_heldout_style.py   (deterministic; rewrites the file)
Every case below was written for this file; no corpus response is copied.
"""
from __future__ import annotations

import json
from pathlib import Path

__all__ = ["CASES", "EXTRA", "STYLES", "build"]

ANGLE_Q = "In triangle $ABC$, find the measure of angle $ABC$."
GEN_Q = "Compute the requested value. Simplify your answer."
SET_Q = "Find all real solutions of the equation. Enter all the solutions, separated by commas."
INEQ_Q = "Solve the inequality. Express your answer in interval notation."
MAT_Q = "Compute the matrix product."
VEC_Q = "Find the projection vector."
PT_Q = "Find the point of intersection $(x, y)$ of the two lines."

# (question, gold, scalar?, correct rewrites, near-misses)
CASES: list[tuple[str, str, bool, list[str], list[str]]] = [
    ("What is the probability that the coin lands heads?", r"\frac{1}{2}", True,
     ["0.5", r"\dfrac12", "1/2", r"2^{-1}", r"\frac{50}{100}"], [r"\frac{1}{3}", "0.05", r"-\frac12"]),
    (GEN_Q, r"2\sqrt{2}", True, [r"\sqrt{8}", r"2 \sqrt 2", r"2^{3/2}", r"\sqrt{2}\cdot 2"],
     [r"\sqrt{2}", r"4\sqrt2", r"2\sqrt3"]),
    (PT_Q, "(1,2)", False, [r"\left(1, 2\right)", r"(1,\ 2)", r"\left( 1,2 \right)"], ["(2,1)", "(1,-2)"]),
    (INEQ_Q, r"(-\sqrt{3}, \sqrt{3})", False, [r"\left(-\sqrt3,\sqrt3\right)", r"(-\sqrt{3},\ \sqrt{3})"],
     [r"[-\sqrt3,\sqrt3]", r"(-\sqrt3,\sqrt3]", r"(-\sqrt2,\sqrt2)"]),
    (INEQ_Q, "[2, 5)", False, [r"\left[2,5\right)", r"[2,\,5)"], ["(2,5)", "[2,5]", "[2,6)"]),
    (SET_Q, "1, 3", False, ["3, 1", r"x=1 \text{ or } x=3", r"\{1,3\}", r"x = 1,\ x = 3"],
     ["1", "1, 3, 5", "-1, 3"]),
    (MAT_Q, r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}", False,
     [r"\begin{bmatrix}1&2\\3&4\end{bmatrix}", r"\begin{pmatrix}1 & 2\\[4pt] 3 & 4\end{pmatrix}"],
     [r"\begin{pmatrix}1&3\\2&4\end{pmatrix}", r"\begin{pmatrix}1&2\\3&5\end{pmatrix}"]),
    (VEC_Q, r"\begin{pmatrix}1/3\\2/3\end{pmatrix}", False,
     [r"\begin{pmatrix}\dfrac13\\[6pt]\dfrac23\end{pmatrix}", r"\begin{pmatrix}\frac{1}{3}\\ \frac{2}{3}\end{pmatrix}"],
     [r"\begin{pmatrix}2/3\\1/3\end{pmatrix}", r"\begin{pmatrix}1/3\\-2/3\end{pmatrix}"]),
    ("How many meters long is the track?", "1500", True, [r"1500\text{ m}", r"1{,}500", r"1500 \mathrm{~m}"],
     ["150", "1600"]),
    (ANGLE_Q, "60", True, [r"60^\circ", "60°", r"60^{\circ}", r"\frac{\pi}{3}"], [r"61^\circ", r"120^\circ"]),
    ("Who ran the farthest?", r"\text{Evelyn}", True, ["Evelyn", r"\textbf{Evelyn}", r"\text{evelyn}"],
     [r"\text{Bob}", r"\text{Eve}"]),
    ("What percent of the students own a dog?", "25", True, [r"25\%", r"25 \%", r"25\text{\%}"],
     [r"2.5\%", r"26\%"]),
    (GEN_Q, r"\frac{3}{56}", True, [r"\frac{6}{112}", "3/56", r"\dfrac{3}{56}", r"\frac{3}{56}."],
     [r"\frac{3}{65}", r"\frac{5}{56}"]),
    ("Compute the complex number $z$.", "6 - 5i", True, ["6-5i", "-5i+6", r"6 + (-5)i"],
     ["6+5i", "-6-5i", "5-6i"]),
    ("Find the volume of the sphere.", r"288 \pi", True, [r"288\pi", r"\pi \cdot 288", r"288\pi \approx 904.78"],
     ["288", r"144\pi"]),
    ("Express the answer in terms of $p$ and $q$.", "p - q", True, ["-q+p", "p-q"], ["q-p", "p+q"]),
    ("Write the fraction as a decimal.", ".35625", True, ["0.35625", r"\frac{57}{160}"], ["0.3562", "0.35265"]),
    ("Express the number in scientific notation.", ".0000672", True,
     [r"6.72\times10^{-5}", r"6.72 \cdot 10^{-5}", "0.0000672"], [r"6.72\times10^{-4}", r"6.27\times10^{-5}"]),
    ("How many integers satisfy the condition?", "8000", True, ["8{,}000", r"8\,000", "8,000"],
     ["800", r"8\,001"]),
    ("How many arrangements are there?", "4096000", True, [r"4\,096\,000", r"4{,}096{,}000", r"4,\!096,\!000"],
     [r"4\,096\,001", r"409\,600"]),
    ("Find the area of the shaded region.", r"1024-256 \pi", True, [r"-256\pi+1024", r"256(4-\pi)"],
     [r"1024-128\pi", r"256\pi-1024"]),
    (GEN_Q, r"\frac{7}{15}", True, ["7/15", r"\tfrac{7}{15}", r"\frac{14}{30}"], [r"\frac{8}{15}", r"\frac{15}{7}"]),
    ("Find all triples $(a,b,c)$ satisfying the conditions.", "(27,20,13), (18,20,22)", False,
     ["(18,20,22), (27,20,13)", r"(27, 20, 13) \text{ and } (18, 20, 22)"],
     ["(27,20,13)", "(27,20,13), (18,22,20)"]),
    ("Find all primes $p$ with the property.", "11,13", False, [r"11 \text{ and } 13", "13, 11", r"p=11, p=13"],
     ["11", "11, 13, 15"]),
    (GEN_Q, r"\frac{100!}{2^{50}}", True, [r"100!/2^{50}", r"\dfrac{100!}{2^{50}}"],
     [r"\frac{100!}{2^{49}}", r"\frac{99!}{2^{50}}"]),
    ("Find the minimum value.", r"6 \sqrt{2}-2", True, [r"-2+6\sqrt2", r"2(3\sqrt{2}-1)"],
     [r"6\sqrt2+2", r"6\sqrt3-2"]),
    (GEN_Q, r"-\frac{30}{17}", True, [r"\frac{-30}{17}", "-30/17", r"-\dfrac{30}{17}"], [r"\frac{30}{17}", r"-\frac{17}{30}"]),
    ("Find $\\sin\\theta$.", r"\frac{\sqrt{21}}{5}", True, [r"\frac{1}{5}\sqrt{21}", r"\sqrt{21}/5", r"\frac{\sqrt{84}}{10}"],
     [r"\frac{\sqrt{21}}{25}", r"\frac{21}{5}"]),
    ("Find the equation of the line through the two points.", "y = 2x + 3", True, ["y=3+2x", "y = 2x+3"],
     ["y=2x-3", "y=3x+2"]),
    ("How many red marbles are in the bag?", "3", True, ["three", r"3\text{ marbles}"], ["four", "13"]),
    ("Which of the options is correct? (A) 10 (B) 11 (C) 12 (D) 13 (E) 14", r"\text{(C)}", True,
     ["C", r"\textbf{(C)}", "(C)"], ["(D)", r"\textbf{(B)}"]),
    ("Compute $x_{10}$.", r"2^{10}-3", True, ["1021", r"1024-3"], ["1020", r"2^{10}+3"]),
    ("How many dollars does she make every day?", "18", True, [r"\$18", r"\$18.00", r"18 \text{ dollars}"],
     [r"\$81", r"\$16"]),
    ("Round your answer to the nearest tenth.", "3.6", True, ["3.6", "3.60"], ["3.5", "3.7"]),
    ("How many minutes does the trip take?", "150", True, [r"150 \text{ minutes}", r"150\text{ min}"],
     [r"160 \text{ minutes}", "105"]),
    ("Expand the expression.", "x^2+2x+1", True, ["1+2x+x^2", "x^{2}+2x+1"], [r"(x-1)^2", "x^2+2x-1"]),
    ("Factor the expression completely.", "(x+1)^2", True, [r"(1+x)^2", r"\left(x+1\right)^{2}"], [r"(x-1)^2", r"(x+1)^3"]),
    (INEQ_Q, r"(-\infty, -2] \cup [3, \infty)", False,
     [r"(-\infty,-2]\cup[3,+\infty)", r"\left(-\infty,-2\right]\cup\left[3,\infty\right)"],
     [r"(-\infty,-2)\cup(3,\infty)", "[-2,3]"]),
    (GEN_Q, r"10^{-20}", True, [r"1\times10^{-20}", r"\frac{1}{10^{20}}"], [r"2\cdot10^{-20}", r"10^{-19}"]),
    (GEN_Q, r"\frac{1}{2004!}", True, [r"1/2004!", r"\dfrac{1}{2004!}"], [r"\frac{1}{2006!}", r"\frac{1}{2003!}"]),
    (GEN_Q, r"e^{2}", True, ["e^2", r"\exp(2)"], ["2e", "e^3"]),
    (GEN_Q, r"\ln 2", True, [r"\ln(2)", r"-\ln\frac12"], [r"\ln 3", r"2\ln 2"]),
    (ANGLE_Q, r"\frac{\pi}{4}", True, [r"0.25\pi", r"\pi/4", r"45^\circ"], [r"\frac{\pi}{2}", r"40^\circ"]),
    ("How many minutes does the walk take, including the coffee shop?", "204", True,
     ["204", r"204 \text{ minutes}"], ["240", "264"]),
    ("What is the probability?", r"\frac{2}{9}", True, [r"\frac{8}{36}", r"0.\overline{2}"], [r"\frac{2}{7}", r"\frac{9}{2}"]),
    ("Is it possible? Answer yes or no.", r"\text{Yes}", True, ["yes", r"\text{YES}", r"\textbf{Yes}"],
     ["No", r"\text{no}"]),
    (GEN_Q, "-2", True, ["-2.0", "x=-2", r"-2\;"], ["2", "-1"]),
    ("Find the maximum value of $f$.", r"\sqrt{5}", True, [r"\max_{x} f(x)=\sqrt5", r"5^{1/2}"],
     [r"\frac{\sqrt{5}}{2}", r"\sqrt{6}"]),
    ("Find a closed form for $a_n$.", r"\frac{1}{3n}", True, [r"a_n=\frac{1}{3n}", r"\frac{1}{3}\cdot\frac{1}{n}"],
     [r"\frac{n}{3}", r"\frac{1}{3n+1}"]),
    (GEN_Q, r"5\sqrt{3}", True, [r"\sqrt{75}", r"5 \cdot 3^{1/2}"], [r"3\sqrt5", r"5\sqrt2"]),
    (GEN_Q, r"1+\sqrt{2}", True, [r"\sqrt2+1", r"\frac{1}{\sqrt{2}-1}"], [r"\sqrt2-1", r"2+\sqrt2"]),
    (VEC_Q, r"\begin{pmatrix} -1 \\ 2 \\ 0 \end{pmatrix}", False,
     [r"\begin{pmatrix}-1\\2\\0\end{pmatrix}", r"\left(\begin{array}{c}-1\\2\\0\end{array}\right)"],
     [r"\begin{pmatrix} 1 \\ 2 \\ 0 \end{pmatrix}", r"\begin{pmatrix} -1 \\ 0 \\ 2 \end{pmatrix}"]),
    ("What is the probability?", r"\dfrac{17}{50}", True, ["0.34", r"\frac{34}{100}"], ["0.43", r"\frac{17}{51}"]),
    ("How many miles from City $A$ will they be when they meet?", "27", True, [r"27 \text{ miles}", "27.0"],
     ["18", r"27\text{ km}"]),
    ("Find the number of elements $N(n)$.", r"\left\lfloor\frac{2 n}{3}\right\rfloor+1", True,
     [r"\lfloor 2n/3\rfloor+1", r"N(n)=\left\lfloor \frac{2n}{3} \right\rfloor + 1"],
     [r"\lceil 2n/3\rceil+1", r"\left\lfloor\frac{2n}{3}\right\rfloor"]),
    (GEN_Q, r"-\frac{1}{2}", True, ["-0.5", r"\frac{-1}{2}", r"-2^{-1}"], [r"\frac12", "-2"]),
    (GEN_Q, r"\frac{9}{256}", True, ["0.03515625", r"\frac{9}{2^8}"], ["0.0351", r"\frac{9}{128}"]),
    ("Find the remainder when $N$ is divided by 1000.", "113", True, ["113", r"N \equiv 113 \pmod{1000}"],
     ["131", "112"]),
    ("Find $m+n$.", "809", True, ["809", "m+n=809"], ["908", "810"]),
    ("Find the smallest positive integer $n$.", "12", True, [r"n=12", r"n = 12"], [r"n=13", r"n=11"]),
    ("Find the value of $k$ for which the system has infinitely many solutions.", r"-\frac{3}{2}", True,
     [r"k=-\frac32", "-1.5", r"k = -1.5"], [r"k=\frac32", r"k=-\frac23"]),
    ("Find the sum of all solutions.", r"\frac{15}{4}", True, [r"3\frac{3}{4}", "3.75", r"\frac{30}{8}"],
     [r"\frac{15}{8}", "3.57"]),
    ("Find the domain of the function.", r"[-2, 7]", False, [r"\left[-2,7\right]", r"-2\le x\le 7"],
     ["(-2,7)", "[-7,2]"]),
    ("Find the general solution of $\\tan x = \\frac{1}{\\sqrt3}$.", r"x=\frac{\pi}{6}+k\pi", True,
     [r"\frac{\pi}{6}+n\pi,\ n\in\mathbb Z", r"x = \frac{\pi}{6} + k\pi"], [r"\frac{\pi}{6}+2n\pi", r"\frac{\pi}{3}+k\pi"]),
    ("What is the speed of the car in km/h?", "72", True, [r"72\text{ km/h}", r"72 \mathrm{~km/h}", r"20\text{ m/s}"],
     [r"72\text{ m/s}", "27"]),
    (GEN_Q, r"\frac{5}{8}", True, [r"\color{blue}\frac58", r"\boldsymbol{\frac{5}{8}}", "0.625"],
     [r"\color{blue}\frac38", r"\boldsymbol{\frac{8}{5}}"]),
    (INEQ_Q, r"(1, 4]", False, ["]1,4]", r"\left(1,4\right]", r"1<x\le 4"], ["]1,4[", "[1,4]"]),
    (MAT_Q, r"\begin{pmatrix}2&0\\0&3\end{pmatrix}", False,
     [r"\left[\begin{matrix}2&0\\0&3\end{matrix}\right]", r"\left(\begin{array}{cc}2&0\\0&3\end{array}\right)"],
     [r"\left[\begin{matrix}2&0\\0&-3\end{matrix}\right]", r"\begin{pmatrix}3&0\\0&2\end{pmatrix}"]),
    ("Find the remainder when $2^{100}$ is divided by $1000$.", "376", True,
     [r"2^{100}\equiv 376 \pmod{1000}", r"376"], [r"2^{100}\equiv 375 \pmod{1000}", "1376"]),
    ("What shape is the locus of the point?", r"\text{circle}", True, [r"\text{a circle}", r"\text{Circle}"],
     [r"\text{ellipse}", r"\text{a parabola}"]),
    ("What is the largest possible product?", "12", True, [r"\text{so the largest possible product is }12"],
     [r"\text{at least }12", "21"]),
]


# whole responses for styles the wrappers above cannot express: (question, gold, response, label)
EXTRA: list[tuple[str, str, str, bool]] = [
    ("(a) Find $p$. (b) Find $q$.", "2, 5", "**(a)** We get $\\boxed{2}$.\n\n**(b)** Similarly $\\boxed{5}$.", True),
    ("(a) Find $p$. (b) Find $q$.", "2, 5", "**(a)** We get $\\boxed{2}$.\n\n**(b)** Similarly $\\boxed{6}$.", False),
    ("How many pairs are there?", "5", "Step 1 gives $\\boxed{3}$.\n\nStep 2 gives $\\boxed{5}$.\n\nSo the answer is 3.", False),
    ("How many pairs are there?", "5", "Step 1 gives $\\boxed{3}$.\n\nStep 2 gives $\\boxed{5}$.\n\nSo the answer is $5$.", True),
    ("How many pairs are there?", "5", "So the count is $\\boxed{5}$, or possibly $\\boxed{6}$ if we allow repeats.", False),
    ("How many pairs are there?", "5", "We are done.\n\n**Answer.** $5$", True),
    ("How many pairs are there?", "5", "We are done.\n\n**Answer.** $4$", False),
    ("Find the sum.", "45", r"$\boxed{\text{total}=30+15=45}$", True),
    ("Find the sum.", "45", r"$\boxed{\text{total}=30+15=46}$", False),
    ("Find the maximum of $f$.", r"\sqrt{5}", r"$\boxed{f(1)=\sqrt5,\ \max f=3}$", False),
    ("Find $a_n$.", r"\frac{1}{3n}", r"$\boxed{a_n=\frac{1}{3n}\ \text{for all } n\ge 1}$", True),
    ("Find $N$.", r"98765432", r"$\boxed{N\approx 9.88\times10^{7}\ (\text{exactly } 98{,}765{,}432)}$", True),
    ("Find $N$.", r"98765432", r"$\boxed{N\approx 9.88\times10^{7}}$", False),
    ("Prove the inequality and find the best constant $c$ such that the sum is at least $c$.", r"\frac{3}{4}",
     r"Hence $\boxed{\sum \frac{a}{b+c}\ge \frac34}$.", True),
    ("Prove the inequality and find the best constant $c$ such that the sum is at least $c$.", r"\frac{3}{4}",
     r"Hence $\boxed{\sum \frac{a}{b+c}\ge \frac23}$.", False),
    ("Find the minimum value of $f$.", "12", r"$\boxed{\text{The minimum is }12\text{, attained at }x=3}$", True),
    ("Find the minimum value of $f$.", "12", r"$\boxed{\text{The minimum is }13\text{, attained at }x=12}$", False),
    ("How many such $n$ are there?", "12", r"\(\boxed{\text{There are at least } 12 \text{ such numbers}}\)", False),
    ("Does such a sequence exist?", r"\text{Yes}", r"$\boxed{\text{Yes, such a sequence exists.}}$", True),
    ("Does such a sequence exist?", r"\text{Yes}", r"$\boxed{\text{No, such a sequence does not exist.}}$", False),
    ("Which player has a winning strategy?", r"\text{Bob}", r"$\boxed{\text{Bob has a winning strategy}}$", True),
    ("Which player has a winning strategy?", r"\text{Bob}", r"$\boxed{\text{Bob does not have a winning strategy}}$", False),
    ("Which player has a winning strategy?", r"\text{Bob}", r"$\boxed{\text{Alice has a winning strategy}}$", False),
    ("What is the probability that both coins show heads?", r"\frac{1}{4}", r"$\boxed{25\%}$", True),
    ("What is the probability that both coins show heads?", r"\frac{1}{4}", r"$\boxed{0.25\%}$", False),
    ("In how many ways can the books be arranged?", "12", "<think>\nTry 3! * 2 = 12.\n</think>\n\nAnswer: There are twelve ways.", True),
    ("In how many ways can the books be arranged?", "12", "<think>\nTry 3! * 2 = 12.\n</think>\n\nAnswer: There are at least twelve ways.", False),
    ("Solve for $x$.", r"\frac{7}{2}", r"The answer is $\frac{7}{2}$, that is $3.6$.", False),
    ("Solve for $x$.", r"\frac{7}{2}", r"The answer is $\frac{7}{2}$, that is $3.5$.", True),
    ("Find all positive $t$ with $3t<1$.", r"t<\frac{1}{3}", r"$\boxed{t\in(0,\tfrac13)}$", True),
    ("Find all positive $t$ with $3t<1$.", r"t<\frac{1}{3}", r"$\boxed{(0,\tfrac13]}$", False),
]


def _think(body: str) -> str:
    steps = [f"Let me try n = {k}. Then the expression gives {k * k + 3}, which is too small." for k in range(2, 9)]
    return "<think>\nOkay, let me work through this carefully.\n" + "\n".join(steps) + \
        "\nHmm, wait. Let me reconsider the setup and redo the computation.\n" + body + "\n</think>\n\n"


STYLES = [
    lambda x: "We simplify step by step, combining the terms.\n\nHence the result is\n\\[\n\\boxed{" + x + "}\n\\]",
    lambda x: ("**Step 1.** Set up. \\(\\boxed{\\text{Let } S \\text{ denote the quantity sought}}\\)\n\n"
               "**Step 2.** Reduce. \\(\\boxed{\\text{it suffices to evaluate the expression}}\\)\n\n"
               "**Step 3.** Therefore\n\\[\\boxed{" + x + "}\\]"),
    lambda x: _think("So the final value should be what I get at the end.") + "The answer is $" + x + "$.",
    lambda x: "Combining the cases above gives the result.\n\n# Answer\n\n$" + x + "$",
    lambda x: "Putting everything together.\n\n**Answer:** $" + x + "$",
    lambda x: "Final Answer: The final answer is $" + x + "$. I hope it is correct.",
    lambda x: _think("I am fairly confident now.") + "Therefore,\n\n$$\\boxed{" + x + "}$$",
    lambda x: "After simplifying, we conclude that the answer is **$" + x + "$**.",
]

SCALAR_STYLES = [
    lambda x: "\\[\\boxed{\\begin{aligned}&\\text{from the setup above}\\\\&\\text{result}=" + x + "\\end{aligned}}\\]",
    lambda x: "Thus \\(\\boxed{\\text{the required value is }" + x + "}\\).",
]

HEDGES = [
    lambda x, y: "So the answer is either $" + x + "$ or $" + y + "$.",
    lambda x, y: "The answer is \\(\\boxed{" + x + "}\\) or \\(\\boxed{" + y + "}\\).",
]


def build() -> list[dict]:
    rows, n = [], 0
    for qi, (question, gold, scalar, good, bad) in enumerate(CASES):
        styles = STYLES + (SCALAR_STYLES if scalar else [])
        for label, forms in ((True, good), (False, bad)):
            for form in forms:
                style = styles[n % len(styles)]
                rows.append({"id": f"heldout-{len(rows)}", "dataset": "heldout_style", "generator": "handwritten",
                             "question": question, "gold": gold, "response": style(form), "label": label})
                n += 1
        if scalar and qi % 4 == 0:
            hedge = HEDGES[(qi // 4) % len(HEDGES)]
            rows.append({"id": f"heldout-{len(rows)}", "dataset": "heldout_style", "generator": "handwritten",
                         "question": question, "gold": gold, "response": hedge(good[0], bad[0]), "label": False})
    for question, gold, response, label in EXTRA:
        rows.append({"id": f"heldout-{len(rows)}", "dataset": "heldout_style", "generator": "handwritten",
                     "question": question, "gold": gold, "response": response, "label": label})
    return rows


if __name__ == "__main__":
    out = Path(__file__).with_name("heldout_style.jsonl")
    data = build()
    out.write_text("".join(json.dumps(r) + "\n" for r in data))
    print(f"{len(data)} rows, {sum(r['label'] for r in data)} correct -> {out}")
