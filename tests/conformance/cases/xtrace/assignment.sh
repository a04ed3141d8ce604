# check-stderr
set -x
x=1
y="two words"
z=
