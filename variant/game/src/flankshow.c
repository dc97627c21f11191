/* NetHack 3.6	flankshow.c	NetHack Flanking: #flanking and the `?' topic */
/* NetHack Flanking may be freely redistributed.  See license for details. */

/*
 * What the player asks to see: #flanking's view of the squares around
 * the hero (in wizard mode, around any creature), and the `?' menu's
 * topic on flanking, which says which rule set this game plays.  Both
 * are queries: they take no time and draw no random number.  What the
 * player sees as the fight goes (messages, the Flanked condition,
 * farlook's phrase) is flankview.c's.
 */

#include "hack.h"
#include "dlb.h"
#include "flanking.h"
#include "flank.h"

STATIC_DCL void FDECL(flank_show, (struct monst *));
STATIC_DCL void FDECL(flank_show_off, (winid, struct monst *));
STATIC_DCL boolean FDECL(flank_would_attack, (struct monst *,
                                              struct monst *));
STATIC_DCL void FDECL(flank_putwrap, (winid, const char *));
STATIC_DCL void FDECL(flank_show_unseen, (winid));
STATIC_DCL const char *FDECL(flank_facing_words, (int, BOOLEAN_P));
STATIC_DCL void FDECL(flank_show_zone, (winid, struct monst *,
                                        struct monst *));
STATIC_DCL char FDECL(flank_map_char, (int, int));
STATIC_DCL int FDECL(flank_threat_count, (unsigned));
STATIC_DCL unsigned FDECL(flank_show_lines, (struct monst *,
                                             struct flank_ranged *,
                                             struct monst **));
STATIC_DCL void FDECL(flank_arms_words, (char *, struct monst *, unsigned));

/* how many of the eight directions threats (FLANK_DIR_* bits) holds */
STATIC_OVL int
flank_threat_count(threats)
unsigned threats;
{
    int i, n = 0;

    for (i = 0; i < FLANK_NDIRS; i++)
        if (threats & (1U << i))
            n++;
    return n;
}

/*
 * The hero's view of <x,y> as one character for #flanking's map, which is
 * text in a text window (putstr()), not the map window: the symbol set's
 * character when it is printable ASCII, else NetHack's default symbol for
 * the same thing.  DECgraphics' line drawing (and curses' own symbols,
 * DEC-encoded) are bytes with the high bit set that only the map window's
 * glyph output turns into lines; IBMgraphics' are CP437 bytes.  In a text
 * window either is garbage on a UTF-8 terminal, which eats the characters
 * after it (docs/FLANKING-DECISIONS.md, "#flanking's map is text").
 */
STATIC_OVL char
flank_map_char(x, y)
int x, y;
{
    int glyph, ochar, color, idx;
    unsigned special;
    nhsym ch = 0;

    if (!isok(x, y))
        return ' ';
    glyph = glyph_at(x, y);
    idx = mapglyph(glyph, &ochar, &color, &special, x, y, 0);
    if (ochar >= ' ' && ochar < 0x7f)
        return (char) ochar;
    /* the default symbol of the symbol that mapglyph() chose */
    if (idx >= SYM_OFF_P && idx < SYM_OFF_P + MAXPCHARS)
        ch = defsyms[idx - SYM_OFF_P].sym;
    else if (idx >= SYM_OFF_O && idx < SYM_OFF_O + MAXOCLASSES)
        ch = def_oc_syms[idx - SYM_OFF_O].sym;
    else if (idx >= SYM_OFF_M && idx < SYM_OFF_M + MAXMCLASSES)
        ch = def_monsyms[idx - SYM_OFF_M].sym;
    else if (idx >= SYM_OFF_W && idx < SYM_OFF_W + WARNCOUNT)
        ch = def_warnsyms[idx - SYM_OFF_W].sym;
    else if (idx == SYM_OFF_X + SYM_BOULDER)
        ch = def_oc_syms[ROCK_CLASS].sym;
    else if (idx == SYM_OFF_X + SYM_INVISIBLE)
        ch = DEF_INVISIBLE;
    else if (glyph_is_monster(glyph)) /* the accessibility overrides */
        ch = def_monsyms[(int) mons[glyph_to_mon(glyph)].mlet].sym;
    return (ch >= ' ' && ch < 0x7f) ? (char) ch : '?';
}

/*
 * #flanking with threats from range (FLANKING_RANGED): the lines around
 * mdef into *r, the creature on each into who[] (null for none), and the
 * directions the engine says they threaten mdef from
 * (flank_ranged_threats()), less those whose creature the hero cannot
 * see (in wizard mode, every one).
 */
STATIC_OVL unsigned
flank_show_lines(mdef, r, who)
struct monst *mdef;
struct flank_ranged *r;
struct monst **who;
{
    struct flank_neighbourhood n;
    struct monst *magr = (struct monst *) 0;
    int d, x, y;
    int32_t mask;

    flank_gather_ranged(mdef, (struct flank_neighbourhood *) 0, r);
    for (d = 0; d < FLANK_NDIRS; d++) {
        who[d] = (struct monst *) 0;
        if (!r->dist[d])
            continue;
        x = flank_x(mdef) + r->dist[d] * xdir[d];
        y = flank_y(mdef) + r->dist[d] * ydir[d];
        who[d] = (r->square[d] & FLANK_SQ_HERO) ? &youmonst : m_at(x, y);
        if (!magr && who[d] && !(r->square[d] & FLANK_SQ_TAIL))
            magr = who[d];
    }
    /* the lines alone make the mask: any attacker's squares will do */
    if (!magr || !flank_gather(magr, mdef, &n, TRUE))
        return 0;
    if ((mask = flank_ranged_threats(&n, r)) < 0) {
        impossible("flanking: %s", flank_strerror(mask));
        return 0;
    }
    /* (in the hero's view flank_gather_ranged() already left out the
       lines of creatures the hero does not perceive) */
    for (d = 0; d < FLANK_NDIRS; d++)
        if (!who[d])
            mask &= ~(1 << d);
    return (unsigned) mask;
}

/* what creature m attacks with from range (arms, FLANK_RA_*), as words
   into buf (BUFSZ): "bow, daggers", "dagger" when it has one */
STATIC_OVL void
flank_arms_words(buf, m, arms)
char *buf;
struct monst *m;
unsigned arms;
{
    struct obj *with[FLANK_WITH_N], *o;
    int reach, sk;
    const char *w;

    if (flank_is_hero(m))
        (void) flank_hero_arms(&reach, with);
    else
        (void) flank_mon_arms(m, &reach, with);
    *buf = '\0';
    if ((arms & FLANK_RA_POLEARM) && (o = with[FLANK_WITH_POLEARM]) != 0)
        Strcpy(buf, (objects[o->otyp].oc_skill == P_LANCE) ? "lance"
                                                           : "polearm");
    if ((arms & FLANK_RA_LAUNCHER) && (o = with[FLANK_WITH_LAUNCHER]) != 0) {
        sk = objects[o->otyp].oc_skill;
        Sprintf(eos(buf), "%s%s", *buf ? ", " : "",
                (sk == P_CROSSBOW) ? "crossbow"
                : (sk == P_SLING) ? "sling" : "bow");
    }
    if ((arms & FLANK_RA_MISSILES) && (o = with[FLANK_WITH_MISSILE]) != 0) {
        sk = abs(objects[o->otyp].oc_skill);
        w = (o->otyp == JAVELIN) ? "javelin"
            : (sk == P_DAGGER) ? "dagger"
            : (sk == P_KNIFE) ? "knife"
            : (sk == P_SPEAR) ? "spear"
            : (sk == P_DART) ? "dart"
            : (sk == P_SHURIKEN) ? "shuriken"
            : (sk == P_BOOMERANG) ? "boomerang" : "missile";
        /* one, or the stack's plural: "dagger", "daggers" */
        Sprintf(eos(buf), "%s%s", *buf ? ", " : "",
                (o->quan == 1L || sk == P_SHURIKEN) ? w : makeplural(w));
    }
    if (arms & FLANK_RA_BREATH)
        Sprintf(eos(buf), "%sbreath", *buf ? ", " : "");
    if (arms & FLANK_RA_SPIT)
        Sprintf(eos(buf), "%sspit", *buf ? ", " : "");
    if (arms & FLANK_RA_GAZE)
        Sprintf(eos(buf), "%sgaze", *buf ? ", " : "");
}

/* the widest line of the view: tty cuts a text window's lines at the
   screen's edge, and an 80-column terminal shows 79 safely */
#define FLANK_VIEW_COLS 79

/*
 * One line of the view into win, broken at the last space before
 * FLANK_VIEW_COLS when it is longer (a long name makes it so); each further
 * piece indented four more than the line, so that it stays under the line
 * it belongs to.
 */
STATIC_OVL void
flank_putwrap(win, buf)
winid win;
const char *buf;
{
    char line[BUFSZ];
    const char *p = buf;
    int ind = 0, lead = 0, cut;

    while (buf[ind] == ' ')
        ind++;
    while ((int) strlen(p) + lead > FLANK_VIEW_COLS) {
        cut = FLANK_VIEW_COLS - lead;
        while (cut > (lead ? 0 : ind) && p[cut] != ' ')
            cut--;
        if (cut <= (lead ? 0 : ind)) /* one word wider than the line */
            cut = FLANK_VIEW_COLS - lead;
        Sprintf(line, "%*s%.*s", lead, "", cut, p);
        putstr(win, 0, line);
        p += cut;
        while (*p == ' ')
            p++;
        lead = ind + 4;
    }
    Sprintf(line, "%*s%s", lead, "", p);
    putstr(win, 0, line);
}

/*
 * #flanking with FLANKING=0: flanking is off, and nothing in the view says
 * a bonus, a damage change, a facing or a monster's flanking acts; only
 * what the rule set named in sysconf would do if it were on, said so.
 */
STATIC_OVL void
flank_show_off(win, mdef)
winid win;
struct monst *mdef;
{
    char buf[BUFSZ * 3], sum[BUFSZ * 2];

    if (flank_is_hero(mdef))
        Strcpy(buf, "Flanking around you:");
    else
        Sprintf(buf, "Flanking around %s:", mon_nam(mdef));
    flank_putwrap(win, buf);
    putstr(win, 0, "");
    flank_putwrap(win, "Flanking is turned off on this system (sysconf"
                       " FLANKING=0): no creature gets a flanking bonus,"
                       " no blow's damage depends on the side it comes"
                       " from, and no monster moves to flank.");
    putstr(win, 0, "");
    Sprintf(buf, "Were it on, the rule set named (FLANKING_RULES=%s)"
                 " would play:", flank_rules_now());
    flank_putwrap(win, buf);
    if (flank_rules_summary((int32_t) flank_cfg.rules, sum,
                            (uint32_t) sizeof sum) > 0) {
        Sprintf(buf, "    %s.", sum);
        flank_putwrap(win, buf);
    }
}

/*
 * Would creature m, next to monster mdef, attack it?  The engine's answer
 * (flank_threatens()) from the facts the gathering gives the square m
 * stands on, and whether m holds a grudge against mdef (mm_aggression():
 * a purple worm and a shrieker).  The hero attacks a hostile monster.
 */
STATIC_OVL boolean
flank_would_attack(m, mdef)
struct monst *m, *mdef;
{
    struct flank_neighbourhood n;
    int32_t yes;
    boolean grudge;

    if (!flank_gather(m, mdef, &n, TRUE))
        return FALSE;
    grudge = (!flank_is_hero(m) && !flank_is_hero(mdef)
              && mm_aggression(m, mdef) != 0L);
    yes = flank_threatens((int32_t) n.defender,
                          (int32_t) n.square[n.attack_dir],
                          grudge ? 1 : 0);
    if (yes < 0) {
        impossible("flanking: %s", flank_strerror(yes));
        return FALSE;
    }
    return (boolean) (yes > 0);
}

/*
 * Draw the squares around mdef (the hero, or in wizard mode any monster):
 * what is there, which squares threaten it and which are blocked for it,
 * and the bonus each adjacent creature that could attack it would get now.
 * With threats from range (FLANKING_RANGED), the picture counts them too,
 * and a line says who threatens from which direction.
 */
STATIC_OVL void
flank_show(mdef)
struct monst *mdef;
{
    winid win;
    char buf[BUFSZ], row1[40], row2[40];
    int i, x, y, dx, dy, h, nfoes = 0;
    unsigned threats = 0, blocked = 0, ranged = 0;
    struct flank_detail d;
    struct flank_ranged r;
    struct monst *foe[FLANK_NDIRS], *far[FLANK_NDIRS];
    boolean hero = flank_is_hero(mdef);
    boolean seen[FLANK_NDIRS];

    dx = flank_x(mdef), dy = flank_y(mdef);
    win = create_nhwindow(NHW_TEXT);
    if (flank_cfg.percent <= 0) { /* FLANKING=0: off is off */
        flank_show_off(win, mdef);
        display_nhwindow(win, TRUE);
        destroy_nhwindow(win);
        return;
    }
    /* the hero's view holds what the hero perceives; a wizard's look at a
       monster is wizard knowledge, and says so */
    flank_seen_only = hero;
    if (hero)
        Strcpy(buf, "Flanking around you");
    else
        Sprintf(buf, "Flanking around %s", mon_nam(mdef));
    Sprintf(eos(buf), " (sysconf FLANKING=%d%%, FLANKING_RULES=%s):",
            flank_cfg.percent, flank_rules_now());
    flank_putwrap(win, buf);
    if (!hero)
        putstr(win, 0, "(Wizard mode: seen or not, only those that would"
                       " attack it count.)");
    putstr(win, 0, "");

    /* who could attack mdef from an adjacent square right now */
    for (i = 0; i < FLANK_NDIRS; i++) {
        struct monst *m = (struct monst *) 0;

        foe[i] = (struct monst *) 0;
        seen[i] = FALSE;
        x = dx + xdir[i], y = dy + ydir[i];
        if (!isok(x, y))
            continue;
        if (x == u.ux && y == u.uy && !u.uswallow && !hero) {
            m = &youmonst;
        } else if ((m = m_at(x, y)) != 0
                   && (m->mx != x || m->my != y || m == mdef)) {
            m = (struct monst *) 0; /* tail segment */
        }
        if (!m)
            continue;
        seen[i] = (!flank_seen_only || flank_perceived(x, y));
        if (!seen[i])
            continue;
        /* around the hero, a hostile creature (every one under
           Conflict); around a monster, one that would attack it, by the
           rules' own notion (its side, a grudge) */
        if (hero ? ((!m->mpeaceful && !m->mtame) || Conflict)
                 : flank_would_attack(m, mdef))
            foe[i] = m;
    }

    /* blocked squares; threats as each foe's attack would count them */
    for (i = 0; i < FLANK_NDIRS; i++) {
        x = dx + xdir[i], y = dy + ydir[i];
        if (flank_blocked(mdef, dx, dy, x, y))
            blocked |= 1U << i;
    }
    for (i = 0; i < FLANK_NDIRS; i++) {
        if (!foe[i])
            continue;
        if ((h = flank_halfpoints(foe[i], mdef, &d)) < 0)
            continue;
        threats |= (unsigned) d.threats & ~(1U << i);
        threats |= 1U << i;
    }
    /* only show threats the hero can see */
    for (i = 0; i < FLANK_NDIRS; i++)
        if (!seen[i])
            threats &= ~(1U << i);
    /* and those from range, of creatures it can see */
    if (flank_ranged_on()) {
        ranged = flank_show_lines(mdef, &r, far);
        threats |= ranged;
    }

    /* a threat: a square that threatens mdef in the attack of one of the
       creatures listed below (each line says its own attack's count) */
    putstr(win, 0, hero ? "    Map     Threat(*) in some attack / blocked(#)"
                          " / open(.)"
                        : "    Map     Threat(*) in some attack / blocked(#)"
                          " / open(.) / it(D)");
    for (y = -1; y <= 1; y++) {
        char *p = row1, *q = row2;

        for (x = -1; x <= 1; x++) {
            int dir = (x || y) ? xytod(x, y) : -1;

            *p++ = ' ';
            *p++ = flank_map_char(dx + x, dy + y);
            *q++ = ' ';
            if (dir < 0)
                *q++ = hero ? '@' : 'D';
            else if (threats & (1U << dir))
                *q++ = '*';
            else if (blocked & (1U << dir))
                *q++ = '#';
            else
                *q++ = '.';
        }
        *p = *q = '\0';
        Sprintf(buf, "  %s       %s", row1, row2);
        flank_putwrap(win, buf);
    }
    putstr(win, 0, "");

    /* the threats from range, one line each */
    if (flank_ranged_on()) {
        for (i = 0; i < FLANK_NDIRS; i++) {
            if (!(ranged & (1U << i)))
                continue;
            Sprintf(buf, "Threat from range: %s, %d squares %s (",
                    flank_is_hero(far[i]) ? "you" : y_monnam(far[i]),
                    (int) r.dist[i], flank_dirname[i]);
            flank_arms_words(eos(buf), far[i], (unsigned) r.arms[i]);
            Strcat(buf, ").");
            flank_putwrap(win, buf);
        }
        if (!ranged)
            putstr(win, 0, "No threat from range.");
        putstr(win, 0, "");
    }

    /* who faces where, under a rule set that counts it: the defender, then
       each creature next to it, one line each, so that none is left out */
    if (flank_cfg.ri & FLANK_RI_FACING) {
        if (hero)
            Sprintf(buf, "You %s.",
                    flank_facing_words(flank_facing_of(mdef), FALSE));
        else
            Sprintf(buf, "%s %s.", upstart(mon_nam(mdef)),
                    flank_facing_words(flank_facing_of(mdef), TRUE));
        flank_putwrap(win, buf);
        for (i = 0; i < FLANK_NDIRS; i++) {
            struct monst *m;

            x = dx + xdir[i], y = dy + ydir[i];
            if (!seen[i] || !isok(x, y))
                continue;
            m = (x == u.ux && y == u.uy && !hero) ? &youmonst : m_at(x, y);
            if (!m)
                continue;
            if (flank_is_hero(m))
                Sprintf(buf, "  You, %s of %s, %s.", flank_dirname[i],
                        mhim(mdef),
                        flank_facing_words(flank_facing_of(m), FALSE));
            else
                Sprintf(buf, "  %s, %s of %s, %s.", upstart(y_monnam(m)),
                        flank_dirname[i], hero ? "you" : mhim(mdef),
                        flank_facing_words(flank_facing_of(m), TRUE));
            flank_putwrap(win, buf);
        }
        putstr(win, 0, "");
    }

    for (i = 0; i < FLANK_NDIRS; i++) {
        if (!foe[i])
            continue;
        nfoes++;
        h = flank_halfpoints(foe[i], mdef, &d);
        if (h < 0) {
            Sprintf(buf, "%s (%s): no flanking.",
                    flank_is_hero(foe[i]) ? "You" : upstart(y_monnam(foe[i])),
                    flank_dirname[i]);
        } else if (flank_cfg.rules != FLANK_RULES_PROPOSAL) {
            /* the total is the zone line's (flank_show_zone()); the arc's
               score only under a rule set that counts it */
            struct flank_facing_result fr;

            if (flank_eval(foe[i], mdef, TRUE, &fr) >= 0
                && (fr.bits & FLANK_FR_ARC)) {
                Sprintf(buf, "%s (%s): arc score %d%s of 9 points.",
                        flank_is_hero(foe[i]) ? "You"
                                              : upstart(y_monnam(foe[i])),
                        flank_dirname[i], h / 2, (h & 1) ? ".5" : "");
                flank_putwrap(win, buf);
                Sprintf(buf, "    when %s: %d of 8 directions"
                             " threatened.",
                        flank_is_hero(foe[i]) ? "you attack" : "it attacks",
                        flank_threat_count((unsigned) d.threats));
            } else {
                Sprintf(buf, "%s (%s):",
                        flank_is_hero(foe[i]) ? "You"
                                              : upstart(y_monnam(foe[i])),
                        flank_dirname[i]);
            }
        } else {
            Sprintf(buf, "%s (%s) would get +%d to hit in melee"
                         " (%d%s of 9 points).",
                    flank_is_hero(foe[i]) ? "You" : upstart(y_monnam(foe[i])),
                    flank_dirname[i], flank_scale(h, TRUE), h / 2,
                    (h & 1) ? ".5" : "");
            flank_putwrap(win, buf);
            /* one fact a line, so that none wraps past 80 columns */
            Sprintf(buf, "    when %s: %d of 8 directions"
                         " threatened, widest free arc %d;",
                    flank_is_hero(foe[i]) ? "you attack" : "it attacks",
                    flank_threat_count((unsigned) d.threats), (int) d.arc);
            flank_putwrap(win, buf);
            Sprintf(buf, "    behind %s (%s): %s", hero ? "you" : mhim(mdef),
                    flank_dirname[d.behind % FLANK_NDIRS],
                    d.behind_blocked ? "blocked" : "open");
            if (d.behind_blocked)
                Sprintf(eos(buf), "; %d beside it blocked or occupied.",
                        (int) d.beside);
            else
                Strcat(buf, ".");
        }
        flank_putwrap(win, buf);
        flank_show_zone(win, foe[i], mdef);
    }
    if (hero) {
        /* what the hero knows of what the view leaves out: blind, that she
           cannot see; the map's remembered `I', where something unseen is
           (no more than the map shows) */
        unsigned unseen = 0;
        int nunseen = 0, k = 0;

        for (i = 0; i < FLANK_NDIRS; i++) {
            x = dx + xdir[i], y = dy + ydir[i];
            if (isok(x, y) && !seen[i] && glyph_is_invisible(glyph_at(x, y)))
                unseen |= 1U << i, nunseen++;
        }
        if (!nfoes)
            putstr(win, 0, Blind ? "You cannot see who is next to you."
                           : unseen ? "Nothing you can see next to you is"
                                      " ready to attack you."
                                    : "Nothing next to you is ready to"
                                      " attack you.");
        if (unseen) {
            Strcpy(buf, "You remember something unseen (I) to your ");
            for (i = 0; i < FLANK_NDIRS; i++) {
                if (!(unseen & (1U << i)))
                    continue;
                k++;
                Sprintf(eos(buf), "%s%s",
                        (k == 1) ? "" : (k == nunseen) ? " and " : ", ",
                        flank_dirname[i]);
            }
            Strcat(buf, ".");
            flank_putwrap(win, buf);
        }
    } else if (!nfoes) {
        putstr(win, 0, "Nothing next to it would attack it.");
    }
    if (hero) {
        putstr(win, 0, "");
        putstr(win, 0, "This is what you perceive: a creature you cannot see"
                       " may flank you too.");
        flank_seen_only = FALSE;
        if (wizard)
            flank_show_unseen(win);
    }
    /* wizard mode: what a monster plans (monsters that flank) */
    if (!hero && wizard && flank_plan_words(mdef, buf)) {
        putstr(win, 0, "");
        flank_putwrap(win, buf);
    }
    flank_seen_only = FALSE;
    display_nhwindow(win, TRUE);
    destroy_nhwindow(win);
}

/*
 * Wizard mode, under the hero's own view: the creatures next to the hero
 * that the view left out because the hero does not perceive them, and the
 * bonus each hostile one would get with every creature counted.  On lines
 * of their own, labelled: never mixed into what the hero knows.
 */
STATIC_OVL void
flank_show_unseen(win)
winid win;
{
    char buf[BUFSZ];
    struct monst *m;
    struct flank_facing_result fr;
    int i, x, y, h;
    boolean any = FALSE;

    for (i = 0; i < FLANK_NDIRS; i++) {
        x = u.ux + xdir[i], y = u.uy + ydir[i];
        if (!isok(x, y) || flank_perceived(x, y) || (m = m_at(x, y)) == 0
            || m->mx != x || m->my != y)
            continue;
        if (!any) {
            putstr(win, 0, "");
            putstr(win, 0, "Wizard mode, not in your view:");
        }
        any = TRUE;
        Sprintf(buf, "  %s (%s), %s", an(m->data->mname), flank_dirname[i],
                m->minvis ? "invisible"
                : m->mundetected ? "hiding"
                : (M_AP_TYPE(m) != M_AP_NOTHING) ? "mimicking"
                : "unseen");
        if ((!m->mpeaceful && !m->mtame) || Conflict) {
            h = (flank_cfg.rules == FLANK_RULES_PROPOSAL)
                    ? flank_halfpoints(m, &youmonst, (struct flank_detail *) 0)
                    : flank_eval(m, &youmonst, TRUE, &fr);
            if (h >= 0)
                Sprintf(eos(buf), ": +%d to hit in melee, every creature"
                                  " counted",
                        flank_scale(h, TRUE));
        }
        Strcat(buf, ".");
        flank_putwrap(win, buf);
    }
}

/* a facing as a verb phrase: "faces north" (third person) or "face
   north", "has no front" or "have no front" */
STATIC_OVL const char *
flank_facing_words(f, third)
int f;
boolean third;
{
    static char buf[40];

    if (f >= 0 && f < FLANK_NDIRS)
        Sprintf(buf, "%s %s", third ? "faces" : "face", flank_dirname[f]);
    else
        Strcpy(buf, third ? "has no front" : "have no front");
    return buf;
}

/*
 * #flanking: the zone an attack by magr on mdef comes from, and what the
 * rule set in force makes of it, as one more line under magr's.
 */
STATIC_OVL void
flank_show_zone(win, magr, mdef)
winid win;
struct monst *magr, *mdef;
{
    static const char *const zonename[] = { "front", "flank", "rear" };
    struct flank_facing_result r;
    char buf[BUFSZ];
    int sh, total, zk;
    boolean hero = flank_is_hero(mdef);

    if (flank_eval(magr, mdef, TRUE, &r) < 0 || r.zone > FLANK_ZONE_REAR)
        return;
    /* under proposal the side counts for nothing: no line */
    if (flank_cfg.rules == FLANK_RULES_PROPOSAL)
        return;
    /* a rule set with no zones (the field's) says its own name instead */
    if (flank_cfg.ri & FLANK_RI_FACING)
        Sprintf(buf, "    %s %s: ", hero ? "Your" : "Its", zonename[r.zone]);
    else
        Sprintf(buf, "    Under %s: ", flank_rules_now());
    /* FLANKING scales the whole to-hit bonus, the side's as the arc's:
       the parts are shown scaled, the arc's as what the total leaves, so
       that they add up to it */
    sh = r.shield_counts ? 0 : flank_shield_ac(mdef);
    total = flank_scale((int) r.hit_half_points, TRUE) + sh;
    zk = flank_scale((int) r.zone_half_points, TRUE);
    Sprintf(eos(buf), "+%d to hit", total);
    if ((r.bits & FLANK_FR_ARC) || r.zone_half_points || sh) {
        Strcat(buf, " (");
        if (r.bits & FLANK_FR_ARC)
            Sprintf(eos(buf), "arc +%d", total - sh - zk);
        if (r.zone_half_points)
            Sprintf(eos(buf), "%s+%d %s",
                    (r.bits & FLANK_FR_ARC) ? ", " : "", zk,
                    !(r.bits & FLANK_FR_FLANKED)
                        ? zonename[r.zone]
                        : flank_rules_flanked_words((int32_t) flank_cfg.rules));
        if (sh)
            Sprintf(eos(buf), "%s+%d shield ignored",
                    ((r.bits & FLANK_FR_ARC) || r.zone_half_points) ? ", "
                                                                   : "",
                    sh);
        Strcat(buf, ")");
    }
    if (r.damage_percent != 100)
        Sprintf(eos(buf), ", damage x%d%%", (int) r.damage_percent);
    if (r.damage_flat)
        Sprintf(eos(buf), ", %+d damage", (int) r.damage_flat);
    if (r.bits & FLANK_FR_BACKSTAB)
        Strcat(buf, ", a backstab");
    if (r.bits & FLANK_FR_SIDE)
        Strcat(buf, ", noted as the side");
    if (r.bits & FLANK_FR_TURNS)
        Sprintf(eos(buf), "; %s would turn", hero ? "you" : mhe(mdef));
    Strcat(buf, ".");
    flank_putwrap(win, buf);
}

/* the #flanking command: a pure query, takes no time */
int
doflanking()
{
    coord cc;
    struct monst *mtmp;

    if (u.uswallow) {
        You("are engulfed; nobody can flank you in here.");
        return 0;
    }
    if (wizard) {
        cc.x = u.ux, cc.y = u.uy;
        pline("Show flanking around which creature?");
        if (getpos(&cc, TRUE, "a creature") < 0)
            return 0;
        if (cc.x == u.ux && cc.y == u.uy) {
            flank_show(&youmonst);
        } else if (isok(cc.x, cc.y) && (mtmp = m_at(cc.x, cc.y)) != 0) {
            flank_show(mtmp);
        } else {
            pline("There is no creature there.");
        }
        return 0;
    }
    flank_show(&youmonst);
    return 0;
}
/*
 * The `?' menu's topic on flanking: the game's file `flanking' (what
 * flanking is, facing, monsters that flank, threats from range, what shows
 * it, the Guidebook's sections), then this game's settings and every rule
 * set with its one-line summary (the engine's, flank_rules_summary()),
 * the one in force marked.  Offered only with flanking on
 * (flank_offered()).
 */
void
flank_help()
{
    winid win;
    dlb *f;
    char line[BUFSZ * 3], sum[BUFSZ * 2], *p;
    const char *name;
    int32_t id;

    win = create_nhwindow(NHW_TEXT);
    if ((f = dlb_fopen("flanking", RDTMODE)) != 0) {
        while (dlb_fgets(line, (int) sizeof line, f)) {
            if ((p = index(line, '\n')) != 0)
                *p = '\0';
            if ((p = index(line, '\r')) != 0)
                *p = '\0';
            putstr(win, 0, line);
        }
        (void) dlb_fclose(f);
    } else {
        putstr(win, 0, "(The topic's file, `flanking', cannot be read.)");
    }
    putstr(win, 0, "");
    putstr(win, 0, "This game's rules");
    putstr(win, 0, "");
    Sprintf(line, "The system administrator's settings (sysconf): rule set"
                  " FLANKING_RULES=%s; FLANKING=%d%%, which scales every"
                  " bonus to hit; monsters that flank %s (FLANKING_AI=%d);"
                  " threats from range %s (FLANKING_RANGED=%d).",
            flank_rules_now(), flank_cfg.percent,
            flank_ai_on() ? "on" : "off", flank_cfg.ai ? 1 : 0,
            flank_ranged_on() ? "on" : "off", flank_cfg.ranged ? 1 : 0);
    flank_putwrap(win, line);
    putstr(win, 0, "");
    putstr(win, 0, "The rule sets (sysconf FLANKING_RULES):");
    for (id = 0; id < 0x20; id++) {
        if ((name = flank_rules_name(id)) == 0
            || flank_rules_summary(id, sum, (uint32_t) sizeof sum) < 0)
            continue;
        Sprintf(line, "  %s%s: %s.", name,
                (id == flank_cfg.rules) ? " (this game)" : "", sum);
        flank_putwrap(win, line);
    }
    display_nhwindow(win, TRUE);
    destroy_nhwindow(win);
}

/*flankshow.c*/
