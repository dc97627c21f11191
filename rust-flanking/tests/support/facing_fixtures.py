#!/usr/bin/env python3
# Writes tests/fixtures/facing-*/ from the seeds' tables (how the facing
# fixtures were made; they are checked in, and edited by hand from then on
# is fine).  Expected values are worked out here from the seeds' own figures
# and numbers, not by the engine: implicit facing's Fig. 1 by rotating the
# figure's two grids (so the zone formula is checked against the figure),
# Fig. 2 from its cells, the rest by hand from each seed's words; the arc
# score from hand-judged threat directions.
#
# Usage: python3 rust-flanking/tests/support/facing_fixtures.py tests/fixtures
import os, sys
ROOT = sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures"
W = ["w","nw","n","ne","e","se","s","sw"]
OFF = [(-1,0),(-1,-1),(0,-1),(1,-1),(1,0),(1,1),(0,1),(-1,1)]
NAME = ["west","northwest","north","northeast","east","southeast","south","southwest"]

def arc_half(threats):
    # threats: set of dirs (hand-judged). longest circular run of non-threats
    best = 0
    for s in range(8):
        n = 0
        while n < 8 and (s+n)%8 not in threats: n += 1
        best = max(best, n)
    return 2*(7-best)

def half(h): return f"{h//2}" + (".5" if h%2 else "")

def write(dirname, name, comment, header, creatures, threats, size=3, far=None):
    """creatures: {dir: (letter, states or '')}; far: (dir, letter) missile attacker at distance 2"""
    c = size//2
    grid = [["."]*size for _ in range(size)]
    grid[c][c] = "@"
    lines = []
    for d,(letter,states) in creatures.items():
        dx,dy = OFF[W.index(d)]
        grid[c+dy][c+dx] = letter
        if states: lines.append(f"creature {d}: {states}")
    if far:
        d, letter = far
        dx,dy = OFF[W.index(d)]
        grid[c+2*dy][c+2*dx] = letter
    out = "".join(f"# {l}\n" if l else "#\n" for l in comment.strip("\n").split("\n"))
    attacker = far[0] if far else next(iter(creatures))
    out += f"name: {name}\nattacker: {attacker}\nexpect: {half(arc_half(threats))}\n" + header.strip("\n") + "\n"
    out += "".join(l+"\n" for l in lines)
    out += "map:\n" + "".join("".join(r)+"\n" for r in grid) + "end\n"
    os.makedirs(os.path.join(ROOT, dirname), exist_ok=True)
    with open(os.path.join(ROOT, dirname, name+".flank"), "w") as f: f.write(out)

# ---------------- implicit facing, Fig. 1 ----------------
FIG1_E  = ["321","3@1","321"]   # facing east, "Facing @" in the figure
FIG1_NE = ["211","3@1","332"]   # facing NE
def rot90(g):  # clockwise rotation of a 3x3 grid (screen coordinates)
    return ["".join(g[2-c][r] for c in range(3)) for r in range(3)]
def fig1(facing):
    # E=4, rotating clockwise by 90 degrees adds 2 to the facing
    base, f0 = (FIG1_E, 4) if facing % 2 == 0 else (FIG1_NE, 3)
    g = base
    k = ((facing - f0) % 8)//2
    for _ in range(k): g = rot90(g)
    return g
FIGNAME = ['"Facing @" (east)', '"Facing NE"']
ZW = {"1":"front","2":"flank","3":"rear"}
for f in range(8):
    g = fig1(f)
    for a in range(8):
        dx,dy = OFF[a]
        cell = g[1+dy][1+dx]
        zone = ZW[cell]
        hit = {"front":0,"flank":2,"rear":4}[zone]
        shield = "counts" if zone=="front" else "ignored"
        fig = "\n".join("  "+r for r in g)
        comment = f"""implicit-facing.md, Fig. 1 - Melee, facing {NAME[f]}: the figure's
{FIGNAME[f%2]} grid turned to face {NAME[f]} (1 front, 2 flank, 3 rear):
{fig}
A jackal attacks the hero from the {NAME[a]}, a "{cell}": the {zone}.
"If the attacker is in a flank tile it receives a small (system-dependent)
to-hit bonus, while if it is in a rear tile it receives a substantial bonus":
flank +2, rear +4 (NetHack's own helpless-target bonuses fix "small" and
"substantial"). "If an attacking melee monster is in a flank or rear tile,
the player does not receive defensive benefits from a shield."
A lone attacker: the largest arc with no threat is 7, arc score 0."""
        write("facing-implicit", f"if1-face-{W[f]}-from-{W[a]}", comment,
              f"rules: implicit\nfacing: {W[f]}\ndefender: hero shield\nexpect-zone: {zone}\nexpect-hit: {hit}\nexpect-damage: 100%\nexpect-shield: {shield}",
              {W[a]:("j","")}, {a})

# ---------------- implicit facing, Fig. 2 (missiles) ----------------
FIG2 = {  # facing -> per direction at distance 2: figure cell
 4: {"w":"3","nw":"\\","n":"2","ne":"/","e":"1","se":"\\","s":"2","sw":"/"},
 3: {"w":"-","nw":"2","n":"|","ne":"1","e":"-","se":"2","s":"|","sw":"3"},
}
FIG2_TXT = {4: " \\222/\n 3\\2/1\n 33@11\n 3/2\\1\n /222\\", 3: "22|11\n22|11\n--@--\n33|22\n33|22"}
for f, cells in FIG2.items():
    for a in range(8):
        cell = cells[W[a]]
        r = min((a-f)%8, (f-a)%8)
        zone = "front" if r<=1 else "flank" if r==2 else "rear"
        if cell in "123":
            assert ZW[cell]==zone, (f,a,cell,zone)
            how = f"the figure's \"{cell}\": the {zone}"
        else:
            assert zone != "flank"
            how = (f"on a quadrant border (\"{cell}\"); \"Quadrant borders are never in region 2\", "
                   f"and the attacker's octant puts it in the {zone} (r = {r})")
        hit = {"front":0,"flank":2,"rear":4}[zone]
        fig = "\n".join("  "+l for l in FIG2_TXT[f].split("\n"))
        comment = f"""implicit-facing.md, Fig. 2 - Missile, "Facing {'E' if f==4 else 'NE'}":
{fig}
"A ranged attacker receives the benefit of a flank or ranged attack depending
on which quadrant (see Fig. 2) it is in." A jackal two squares {NAME[a]} throws:
{how}. NetHack's missiles fly on the eight lines, so the octant of the
attacker is the figure's quadrant ("this is approximately equivalent to
representing the projectile as a melee attack when it is one step away").
Flank +2, rear +4; the shield counts only from the front."""
        write("facing-implicit", f"if2-face-{W[f]}-missile-from-{W[a]}", comment,
              f"rules: implicit\nfacing: {W[f]}\nattack: missile\ndefender: hero shield\nexpect-zone: {zone}\nexpect-hit: {hit}\nexpect-damage: 100%\nexpect-shield: {'counts' if zone=='front' else 'ignored'}",
              {}, {a}, size=5, far=(W[a],"j"))

# ---------------- generic writer for hand-written cases ----------------
def case(dirname, name, comment, rules, facing, zone, hit, dmg, creatures, threats,
         defender=None, extra=None, shield=None, more="", size=3, far=None):
    h = f"rules: {rules}\nfacing: {facing}\n"
    if defender: h += f"defender: {defender}\n"
    h += more
    h += f"expect-zone: {zone}\nexpect-hit: {hit}\nexpect-damage: {dmg}\n"
    if shield: h += f"expect-shield: {shield}\n"
    if extra: h += f"expect-extra: {extra}\n"
    write(dirname, name, comment, h, creatures, threats, size, far)

D = "facing-dnd"
DND_FLANK = "\"If you're attacking from a foe's flank area (or the squares beyond it, if you\nhave a reach weapon or ranged weapon), you get a +2 bonus on the attack roll\""
DND_REAR = "\"If you're attacking from a foe's rear area (or the squares beyond it), you\nget a +4 bonus on the attack roll.\""
SUPER = "\"This variant supersedes the standard rules for flanking\": no arc score."
hero_at = lambda d: {d:("@@","hero")}
# the hero as a creature: letter h, state hero
def H(d): return {d:("h","hero")}
case(D,"d01-front","""dnd-combat-facing.txt: "The three squares a Small or Medium character is
pointing towards are its front area." The hero attacks a jackal facing north
from the north: the front, no bonus. """+SUPER,
     "dnd","n","front",0,"100%",H("n"),{2},defender="monster",more="attack: melee\n")
case(D,"d02-flank-plus-2","dnd-combat-facing.txt: \"The squares to the left and right are its flanks.\"\n"+DND_FLANK+".\nThe jackal faces north; the hero attacks from the east: +2. "+SUPER,
     "dnd","n","flank",2,"100%",H("e"),{4},defender="monster")
case(D,"d03-rear-plus-4","dnd-combat-facing.txt: \"The three squares behind it are its rear area.\"\n"+DND_REAR+"\nThe jackal faces north; the hero attacks from the south: +4.",
     "dnd","n","rear",4,"100%",H("s"),{6},defender="monster")
case(D,"d04-rear-corner","dnd-combat-facing.txt: \"their rear areas remain the squares behind them\n(including those on the rear corners)\". "+DND_REAR+"\nFacing north, the southeast corner is rear: +4.",
     "dnd","n","rear",4,"100%",H("se"),{5},defender="monster")
case(D,"d05-front-corner","dnd-combat-facing.txt: \"Their front areas remain the squares in front of them\n(including those on the front corners)\". Facing north, the northeast corner\nis front: no bonus.",
     "dnd","n","front",0,"100%",H("ne"),{3},defender="monster")
case(D,"d06-no-one-opposite-needed","dnd-combat-facing.txt: "+DND_FLANK+"\n\"You don't need anyone opposite you on the other side of your foe.\"\nHere a kitten does stand opposite (west): D&D facing gives +2 all the same,\nand "+SUPER+" (The arc score, 4, is the proposal's.)",
     "dnd","n","flank",2,"100%",{"e":("h","hero"),"w":("f","tame")},{4,0},defender="monster")
case(D,"d07-faceless","""dnd-combat-facing.txt: "All elementals and oozes are faceless." "Faceless
creatures can move or attack into any adjacent square, and they can't be
flanked or attacked from the rear because they don't have flanks or rears."
The hero attacks a faceless defender (a brown pudding, an ooze) from the
south: the front, no bonus.""",
     "dnd","faceless","front",0,"100%",H("s"),{6},defender="monster")
case(D,"d08-tiny-is-faceless","""dnd-combat-facing.txt: "Tiny and smaller creatures don't have facing. They can
move or attack in any direction and are otherwise treated as faceless."
A newt (MZ_TINY) attacked from the east: the front, no bonus.""",
     "dnd","faceless","front",0,"100%",H("e"),{4},defender="monster")
case(D,"d09-missile-from-beyond-the-rear",DND_REAR.replace("(or the squares beyond it)","(or the squares beyond it)")+"\nThe hero throws a dagger from two squares south of a jackal facing north: +4.",
     "dnd","n","rear",4,"100%",{},{6},defender="monster",more="attack: missile\n",size=5,far=("s","h"))
SH = """dnd-combat-facing.txt, Shields: "The shield only adds to the character's AC
against attacks coming from his front area and the flank area on the shield's
side, plus any squares that lie beyond those areas." The hero carries the
shield on the left, as a right-handed fighter does (docs/FLANKING-DECISIONS.md):
facing north, the left flank is the west."""
case(D,"d10-shield-left-flank",SH+"\nA jackal on the west flank: +2, the shield counts.",
     "dnd","n","flank",2,"100%",{"w":("j","")},{0},defender="hero shield",shield="counts")
case(D,"d11-shield-right-flank",SH+"\nA jackal on the east flank: +2, the shield does not count.",
     "dnd","n","flank",2,"100%",{"e":("j","")},{4},defender="hero shield",shield="ignored")
case(D,"d12-shield-rear",SH+"\nA jackal in the rear: +4, the shield does not count.",
     "dnd","n","rear",4,"100%",{"s":("j","")},{6},defender="hero shield",shield="ignored")
case(D,"d13-shield-front",SH+"\nA jackal in front: no bonus, the shield counts.",
     "dnd","n","front",0,"100%",{"n":("j","")},{2},defender="hero shield",shield="counts")
RG = """dnd-combat-facing.txt, Sneak Attacks: "A rogue can strike for sneak attack
damage whenever her foe is flat-footed or whenever she's attacking with a melee
weapon from the foe's rear area. She doesn't need anyone directly opposite her
to get the extra damage." In NetHack: the Rogue's backstab ("You strike the
jackal from behind!"), also from the rear."""
case(D,"d14-rogue-backstab",RG+"\nThe Rogue hero hits a jackal facing north from the south: +4 and a backstab.",
     "dnd","n","rear",4,"100%",H("s"),{6},defender="monster",more="role: rogue\n",extra="backstab")
case(D,"d15-rogue-flank-no-backstab",RG+"\nFrom the flank (east): +2, no backstab.",
     "dnd","n","flank",2,"100%",H("e"),{4},defender="monster",more="role: rogue\n",extra="none")
case(D,"d16-rogue-missile-no-backstab",RG+"\nA thrown dagger from beyond the rear: +4, but not \"with a melee weapon\":\nno backstab.",
     "dnd","n","rear",4,"100%",{},{6},defender="monster",more="role: rogue\nattack: missile\n",extra="none",size=5,far=("s","h"))
case(D,"d17-rogue-faceless-no-backstab",RG+"\n\"Conversely, a phasm doesn't have a front or rear\": a faceless defender\n(a gray ooze) has no rear, so no backstab from the south.",
     "dnd","faceless","front",0,"100%",H("s"),{6},defender="monster",more="role: rogue\n",extra="none")
SL = """dnd-combat-facing.txt, Facing and Perception: "It's much easier to see what's
going on in your front area, and much easier to sneak around behind someone's
back." A sleeping monster does not notice the hero in its rear zone
(disturb() as if the hero were Stealthy)."""
case(D,"d18-sleeping-rear-unnoticed",SL+"\nA sleeping jackal facing north, the hero south of it: unnoticed; +4.",
     "dnd","n","rear",4,"100%",H("s"),{6},defender="monster sleeping",extra="unnoticed")
case(D,"d19-sleeping-front-noticed",SL+"\nThe hero in front of it (north): it may notice as usual.",
     "dnd","n","front",0,"100%",H("n"),{2},defender="monster sleeping",extra="none")
case(D,"d20-monster-attacks-hero-from-behind","""dnd-combat-facing.txt: """+DND_REAR.replace("\n"," ")+"""
The rule is the same for monsters: a gnome lord attacks the hero, who faces
east, from the west ("The gnome lord attacks you from behind!"): +4.""",
     "dnd","e","rear",4,"100%",{"w":("G","")},{0})

O = "facing-opposite"
FL = """flanking-service-spec.md, 3.3 Flanking Check Flow: "Ally on Opposite? --Yes-->
Return: FLANKED (+2 attack)", checked before "Behind Target? --Yes--> Return:
BEHIND (+2 atk, +2 dmg)" and "Side of Target? --Yes--> Return: SIDE (noted,
no bonus)". In NetHack: +2 to hit when a creature that threatens the defender
stands directly opposite the attacker."""
TURN = "\"Creatures auto-face toward attack target\": \"The goblin turns to face you.\""
case(O,"o01-uc001-true-flanking","""flanking-service-spec.md, UC-001: True Flanking: "Attack with ally on opposite
side -> +2 attack bonus". 3.2's picture: the ally A north of the target T,
"T = Target (facing East ->)", "@ = You (attacker)" south: "Result: FLANKED
(+2 attack)". The hero and her kitten flank a goblin ("You and your kitten
flank the goblin."). The goblin is hit in its flank and turns: """+TURN,
     "opposite","e","flank",2,"100%",{"s":("h","hero"),"n":("f","tame")},{6,2},defender="monster",extra="flanked turns")
case(O,"o02-uc002-backstab","""flanking-service-spec.md, UC-002: Backstab: "Attack from behind target's facing
-> +2 attack, +2 damage"; IsBehind: the attack direction "IsOpposite" the
target's facing. The goblin faces south, the hero attacks from the north.
(3.2's picture puts "@" at the target's southwest, which its own IsBehind
does not call behind; the use case and the code are followed.) """+TURN,
     "opposite","s","rear",2,"100% +2",H("n"),{2},defender="monster",extra="behind turns")
case(O,"o03-uc003-side","""flanking-service-spec.md, UC-003: Side Attack: "Attack from side -> No bonus
(noted)". 3.2: "T = Target (facing South)", "@ = You (on side)" west of it,
"Result: SIDE (no bonus, but noted)", "90 degrees from facing". """+TURN,
     "opposite","s","flank",0,"100%",H("w"),{0},defender="monster",extra="side turns")
case(O,"o04-uc004-front","""flanking-service-spec.md, UC-004: Front Attack: "Attack from faced direction ->
No bonus". 3.2: "T = Target (facing North)", "@ = You (in front)", "Result:
NONE (no bonus)".""",
     "opposite","n","front",0,"100%",H("n"),{2},defender="monster",extra="none")
case(O,"o05-uc005-auto-face","""flanking-service-spec.md, UC-005: Auto-Face on Attack: "Player attacks -> Player
now faces target". The hero just attacked the jackal northeast of her, so she
faces northeast (the hero's facing rules: the direction of her last attack).
A second jackal attacks her from the south, three steps from her facing: from
behind, +2 to hit and +2 damage ("The jackal attacks you from behind!"); the
first jackal is not opposite it (the north square is empty).""",
     "opposite","ne","rear",2,"100% +2",{"s":("j",""),"ne":("k","")},{6,3},extra="behind turns")
case(O,"o06-flanked-over-behind",FL+"""
The goblin faces north; the hero attacks from the south (behind) while her
kitten stands north of it: flanked takes precedence over behind: +2 to hit and
no extra damage.""",
     "opposite","n","rear",2,"100%",{"s":("h","hero"),"n":("f","tame")},{6,2},defender="monster",extra="flanked turns")
case(O,"o07-uc002-alone-behind",FL+"""
The same without the kitten: behind, +2 to hit and +2 damage.""",
     "opposite","n","rear",2,"100% +2",H("s"),{6},defender="monster",extra="behind turns")
case(O,"o08-ranged-no-flanking","""flanking-service-spec.md, 3.3: "Adjacent? (distance == 1) --No--> Return: No
flanking (range too far)"; CheckFlanking: "Must be adjacent to flank." A
dagger thrown from two squares behind a goblin facing north gets nothing,
though the zone is its rear, and the goblin does not turn.""",
     "opposite","n","rear",0,"100%",{},{6},defender="monster",more="attack: missile\n",extra="none",size=5,far=("s","h"))
case(O,"o09-sleeping-pet-does-not-flank",FL+"""
The kitten north of the goblin is asleep: it does not threaten (the arc rules'
eligibility), so it does not flank; the hero is behind: +2, +2.""",
     "opposite","n","rear",2,"100% +2",{"s":("h","hero"),"n":("f","tame sleeping")},{6},defender="monster",extra="behind turns")
case(O,"o10-diagonal-flanked",FL+"""
GetOpposite(SouthEast) is NorthWest: the hero southeast of a goblin facing
north, a kitten northwest of it: flanked. The goblin is hit in its rear and
turns.""",
     "opposite","n","rear",2,"100%",{"se":("h","hero"),"nw":("f","tame")},{5,1},defender="monster",extra="flanked turns")
case(O,"o11-rear-corner-is-behind","""flanking-service-spec.md: "Behind Target? (opposite facing)"; docs/DESIGN.md
("Facing and the rule sets") draws the same three zones for every rule set,
the service spec's behind/side among them, so the rear corner is behind too: a goblin facing north, the
hero southeast of it: +2 to hit, +2 damage. (The seed's own IsBehind takes
only the square straight behind; docs/FLANKING-DECISIONS.md.)""",
     "opposite","n","rear",2,"100% +2",H("se"),{5},defender="monster",extra="behind turns")
case(O,"o12-helpless-does-not-turn",FL+"""
A sleeping goblin hit from behind: +2, +2, but it does not turn to face
anyone while it sleeps.""",
     "opposite","n","rear",2,"100% +2",H("s"),{6},defender="monster sleeping",extra="behind")
case(O,"o13-faceless-flanked",FL+"""
A faceless defender (a brown pudding) has no behind or side, but the ally
opposite is a matter of position, not facing: flanked, +2. It has no front to
turn.""",
     "opposite","faceless","front",2,"100%",{"s":("h","hero"),"n":("f","tame")},{6,2},defender="monster",extra="flanked")

T = "facing-tactics"
TT = """terminal-tactics-combat.md: "Final Damage = floor((ATK x PositionMultiplier x
ShieldMultiplier) + ElevationBonus)"; "PositionMultiplier = 1.0 (front), 1.25
(flank), 1.5 (rear)"; "ShieldMultiplier = 0.8 if Knight + frontal attack, else
1.0". The Knight is a defender with a shield (`shield`); damage is a percent,
rounded down."""
case(T,"t01-example1-basic-attack",TT+"""
"Example 1: Basic Attack / Archer (ATK 20) attacks Knight frontally /
= floor((20 x 1.0 x 0.8) + 0) / = floor(16) / = 16 damage": 80%, 20 -> 16.""",
     "tactics","n","front",0,"80% 20->16",{},{2},defender="monster shield",shield="counts",extra="shield-damage",more="attack: missile\n",size=5,far=("n","A"))
case(T,"t02-example2-backstab",TT+"""
"Example 2: Backstab from High Ground / Archer (ATK 20) backstabs Knight from
high ground / = floor((20 x 1.5 x 1.0) + 10) / = floor(30 + 10) / = 40 damage".
NetHack has no high ground: the elevation bonus is not carried over
(docs/FLANKING-DECISIONS.md), so 150%, 20 -> 30, the example without its +10.""",
     "tactics","n","rear",0,"150% 20->30",{},{6},defender="monster shield",shield="counts",more="attack: missile\n",size=5,far=("s","A"))
case(T,"t03-example3-flank",TT+"""
"Example 3: Flank Attack on Knight / Scout (ATK 15) flanks Knight (shield
doesn't apply to flanks) / = floor((15 x 1.25 x 1.0) + 0) / = floor(18.75) /
= 18 damage": 125%, 15 -> 18.""",
     "tactics","n","flank",0,"125% 15->18",{"e":("S","")},{4},defender="monster shield",shield="counts",extra="none")
Q = """terminal-tactics-combat.md, Quadrant Logic, "For a unit facing North": "Y <
defender.Y (rows above) | Frontal | 1.00", "Y == defender.Y (same row,
left/right) | Flank | 1.25", "Y > defender.Y (rows below) | Rear | 1.50"."""
case(T,"t04-quadrant-above-diagonal",Q+"\nAn attacker northeast (a row above): frontal, 100%.",
     "tactics","n","front",0,"100% 20->20",{"ne":("j","")},{3})
case(T,"t05-quadrant-same-row",Q+"\nAn attacker west (the same row): flank, 125%.",
     "tactics","n","flank",0,"125% 20->25",{"w":("j","")},{0})
case(T,"t06-quadrant-below-diagonal",Q+"\nAn attacker southwest (a row below): rear, 150%.",
     "tactics","n","rear",0,"150% 7->10",{"sw":("j","")},{7})
case(T,"t07-shield-not-from-behind","""terminal-tactics-combat.md, Knight Shield: "Shield does not apply to Flank or
Backstab attacks." A backstab on a shield-bearer: 150%, no reduction.""",
     "tactics","n","rear",0,"150% 15->22",{"s":("j","")},{6},defender="hero shield",shield="counts",extra="none")
case(T,"t08-no-shield-front","""terminal-tactics-combat.md: "Directly facing defender | 100% | Frontal"; without a
shield nothing changes.""",
     "tactics","n","front",0,"100% 20->20",{"n":("j","")},{2})
case(T,"t09-faceless-front","""terminal-tactics-combat.md has no faceless units; docs/DESIGN.md: a faceless
creature has no facing, and "every attack on it comes from its front": 100%
from any side.""",
     "tactics","faceless","front",0,"100%",{"s":("j","")},{6})
case(T,"t10-shield-after-multiplier","""terminal-tactics-combat.md: "Shield reduction is applied after position
multipliers but before floor rounding." From the front the multiplier is 1.0:
1.0 x 0.8 = 80%; 7 -> floor(5.6) = 5.""",
     "tactics","s","front",0,"80% 7->5",{"s":("j","")},{6},defender="hero shield",shield="counts",extra="shield-damage")

C = "facing-combined"
case(C,"c01-proposal-plus-tactics","""docs/DESIGN.md, "Facing and the rule sets": `proposal+opposite` and
`proposal+tactics` "add the arc score to those rule sets' effects".
Two jackals, north and south of the hero, who faces east; the north one
attacks: the proposal's arc score (threats north and south, largest arc 3:
7 - 3 = 4) and the tactics game's flank, 125%.""",
     "proposal+tactics","e","flank",4,"125% 15->18",{"n":("j",""),"s":("k","")},{2,6},extra="none")
case(C,"c02-proposal-plus-opposite","""docs/DESIGN.md: `proposal+opposite`: the arc score plus the service spec's
zone effects. Two jackals north and south of the hero, who faces north; the
south one attacks from behind, the north one stands opposite: flanked
(+2, over behind) plus the arc score 4: 6.""",
     "proposal+opposite","n","rear",6,"100%",{"s":("j",""),"n":("k","")},{2,6},extra="flanked turns")
case(C,"c03-proposal-plus-implicit-is-implicit","""implicit facing keeps the arc score as its positional part (docs/DESIGN.md's
table), so `proposal+implicit` is `implicit` (docs/FLANKING-DECISIONS.md).
Jackals east and west of the hero facing north; the east one attacks from the
flank: arc 4 + 2 = 6; the shield does not count.""",
     "proposal+implicit","n","flank",6,"100%",{"e":("j",""),"w":("k","")},{0,4},defender="hero shield",shield="ignored")
case(C,"c04-implicit-rear-and-arc","""implicit facing: the arc score plus "a substantial bonus" (+4) from the rear.
Jackals west, east and south of the hero facing north; the south one attacks:
largest arc 3 (northwest to northeast), 7 - 3 = 4, plus 4: 8.""",
     "implicit","n","rear",8,"100%",{"s":("l",""),"w":("j",""),"e":("k","")},{0,4,6})
case(C,"c05-proposal-plus-opposite-missile","""`proposal+opposite` and a missile: the service spec gives nothing beyond
adjacency ("Must be adjacent to flank"), the arc score stays. A dagger from
two squares south, a jackal north of the hero: arc 4.""",
     "proposal+opposite","n","rear",4,"100%",{"n":("k","")},{2,6},more="attack: missile\n",extra="none",size=5,far=("s","j"))
case(C,"c06-proposal-reports-the-zone","""`proposal` alone: "today's game, unchanged". The zone is worked out and shown
(#flanking), but changes nothing: the to-hit is the arc score, 0 for a lone
attacker, and the shield counts.""",
     "proposal","n","rear",0,"100%",{"s":("j","")},{6},defender="hero shield",shield="counts")
case(C,"c07-proposal-plus-tactics-shield","""`proposal+tactics` on a shield-bearer attacked from the front by one of two
jackals (north; the other south): arc 4, and 80% damage.""",
     "proposal+tactics","n","front",4,"80% 20->16",{"n":("j",""),"s":("k","")},{2,6},defender="hero shield",shield="counts",extra="shield-damage")
