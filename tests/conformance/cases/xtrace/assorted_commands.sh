# check-stderr
set -x
PS4='>> '
f() { return 3; }
f || echo "ret=$?"
x=$( (echo sub) )
y=`echo back`
echo "${x}" "$y" >/dev/null
eval 'eval "echo nested"'
: <<EOT
doc
EOT
arr=(one two); echo "${arr[@]}" > /dev/null
let 'z = 1 + 2'
true && false || echo alt
select s in a; do break; done <<< 1 2>/dev/null
i=0; while (( i < 1 )); do i=$((i+1)); done
until true; do :; done
[ -n "x y" ]
printf -v v '%s' 'q r'
read -r line <<< "abc"
cd . && pwd >/dev/null
