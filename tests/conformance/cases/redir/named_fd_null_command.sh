# A command of only redirections runs them in a subshell when one names
# a {var}: the variable stays unset, the assignments beside it stay set.
{d}>/dev/null; echo "[$d]"
{d}>/dev/null x=5 y=6; echo "[$d] $x $y"
x=$(echo hi) {e}>/dev/null; echo "[$e] $x"
exec {keep}>/dev/null
{keep}>&-
echo "still open" >&$keep && echo ok
echo "[$keep]" | tr -d 0-9
