# set lists the dynamic variables with their values now; the ones bash
# keeps invisible (LINENO, RANDOM, SECONDS...) only once used by name.
pick() { grep -E '^(PIPESTATUS|LINENO|RANDOM|SECONDS|BASH_LINENO|BASH_ARGC|BASH_ARGV|BASH_ALIASES|BASH_SUBSHELL|EPOCHSECONDS|FUNCNAME)=' | cut -d= -f1 | tr '\n' ' '; echo; }
true | true
set | pick
: "$LINENO"
[[ -v SECONDS ]]
RANDOM=3
set | pick
declare -p | grep -E ' (EPOCHSECONDS|LINENO|BASH_SUBSHELL)(=|$)' | sed 's/=.*//'
f() { set | grep -c '^FUNCNAME='; }
f
set | grep '^PIPESTATUS='
