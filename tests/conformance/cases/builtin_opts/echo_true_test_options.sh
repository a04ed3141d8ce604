# check-stderr
echo -n -e 'a\tb'; echo
echo -neE 'a\tb'
echo -nx a
echo -- a
echo - a
echo -e -n -E 'x\ty'; echo
echo -EEe 'c\nd'
echo -n
echo -ne
echo ''-n x
echo "-n" x; echo
shopt -s xpg_echo; echo 'p\tq'; echo -E 'p\tq'
true -- x; echo $?
false -x; echo $?
: -Q; echo $?
test -- ; echo $?
test -- -- ; echo $?
[ - ]; echo $?
[ -n ]; echo $?
[ -Q ]; echo $?
