# check-stderr
# A count below 1 is refused, and bash still leaves every enclosing loop
# (for continue too), with status 1. A count with blanks or a sign is a
# number; `--` ends the options.
for a in 1 2; do for b in 1 2; do echo $a$b; break 0; echo no; done; echo no; done; echo $?
for a in 1 2; do for b in 1 2; do echo $a$b; continue -1; done; done; echo $?
for a in 1 2; do for b in 1 2; do echo $a$b; break " +2 "; done; done; echo $?
for a in 1 2; do echo $a; break -- 1; done; echo $?
