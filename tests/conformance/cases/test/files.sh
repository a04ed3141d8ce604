touch f
mkdir d
printf x > s
[ -e f ] && echo e
[ -f f ] && echo f
[ -d d ] && echo d
[ -f d ] || echo d-not-f
[ -s s ] && echo s
[ -s f ] || echo f-empty
[ -e nosuch ] || echo missing
