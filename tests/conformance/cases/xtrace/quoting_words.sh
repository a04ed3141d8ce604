# check-stderr
set -x
echo "a b" '' "it's" "^" % "~a" a~ "#a" a# a=b "{" '*'
: $'\t' "x=~"
