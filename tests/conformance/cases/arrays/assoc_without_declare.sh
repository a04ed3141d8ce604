# check-stderr
h[foo]=1
h[bar]=2
declare -p h
