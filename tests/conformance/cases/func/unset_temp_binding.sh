# unset inside a command run with a prefix assignment (x=1 f) removes
# that binding and shows the variable it hid; a second unset removes
# that one too; a local made in the function is unset as a local.
f() {
  echo "x=$x"
  x=mutated-temp
  echo "x=$x"
  unset x
  echo "x=$x"
}
x=global
x=temp-binding f
echo "x=$x"
g() {
  unset x
  echo "g1 x=${x-unset}"
  unset x
  echo "g2 x=${x-unset}"
}
x=global
x=t g
echo "after g x=${x-unset}"
h() {
  local x=loc
  unset x
  echo "h x=${x-unset}"
}
x=global
x=t h
echo "after h x=${x-unset}"
x=42
x=tmp unset x
echo "x=$x"
x=42
x=tmp eval 'unset x'
echo "x=$x"
outer() { y=2 inner; echo "outer y=$y"; }
inner() { unset y; echo "inner y=$y"; }
y=1
y=0 outer
echo "y=$y"
unset z
m() { unset z; echo "m z=${z-unset}"; }
z=t m
echo "z=${z-unset}"
export e=E
p() { unset e; printenv e; echo "printenv: $?"; }
e=T p
printenv e
