# check-stderr
g=global
f() {
  local -p
  local a=1 -i b=2+3 2>/dev/null
  echo "st=$?"
  local -i c=2+3 -r d=4 2>/dev/null
  local -p
  local -n r=g
  r=changed
  local -A m=([k]=v)
  local -a arr=(1 2)
  local -g gg=1
  echo "st=$?"
  local -f | head -2
  local +i c
  c=3+3
  echo "c=$c"
  local -u up=abc
  echo "$up"
  local -p up m arr
  typeset -i t=1+1
  typeset -p t
  local zz=1 Q=2 _x=3
  local
}
f
echo "$g ${gg-nogg}"
declare -p t
