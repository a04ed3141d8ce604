# check-stderr
# A redirection's operand is split and globbed; more or fewer than one
# resulting word is an ambiguous redirect (status 1), and nothing is opened.
cd /tmp && mkdir -p amb && cd amb
f="a b"; echo hi > $f; echo "rc=$?"
echo hi > "$f"; echo "rc=$?"
touch x1.t x2.t; echo hi > *.t; echo "rc=$?"
echo hi > y{1,2}; echo "rc=$?"
e=; echo hi > $e; echo "rc=$?"
echo one > *.none; echo "rc=$?"
touch only.q; echo two > *.q; cat only.q
echo dup >&$f; echo "rc=$?"
ls
