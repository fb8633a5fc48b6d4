import random, math
random.seed(7)
exec(open('gen-synthetic.py').read().split("# A:")[0])
d = desc("Synth Averaging Mouse", 3, 0x1234, 0x7777, 0x111, [], [0, 1, 2], [BL, BR, BM], [0, 1, 8])
e = Ev()
# curves: direction changes, speed changes, pauses
t = 0.0
for seg in range(12):
    ang = random.uniform(0, 2*math.pi); speed = random.choice([1, 2, 4, 8, 15, 25])
    for i in range(random.randint(10, 40)):
        ang += random.uniform(-0.4, 0.4)
        dx = int(round(speed*math.cos(ang) + random.uniform(-0.5, 0.5))); dy = int(round(speed*math.sin(ang) + random.uniform(-0.5, 0.5)))
        evs = [(R, 0, dx)] if dx else []
        if dy: evs.append((R, 1, dy))
        if not evs: evs = [(R, 0, 1)]
        e.frame(random.choice([4, 7, 8, 8, 10, 16]), evs)
    e.frame(random.choice([30, 200, 1200]), [(R, 1, 1)])
open("rec/synth-mouse-velocity-averaging.evemu", "w").write(d + e.text())
