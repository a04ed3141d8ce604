# ${!r@op} applies the operator to the variable r names: @a shows that
# variable's attributes (its array's, for an element), @A declares it.
a=(1 2 3); declare -A d=([0]=foo); x=hi; declare -i n=3
r=a; echo "1 ${!r@a} ${!r@Q} ${!r@A}"
r='a[1]'; echo "2 ${!r@a} ${!r@Q} ${!r@A}"
r=d; echo "3 ${!r@a}"
r='d[0]'; echo "4 ${!r@a} ${!r@Q}"
r=x; echo "5 ${!r@a}|${!r@Q}|${!r@U}|${!r@A}"
r=n; echo "6 ${!r@a}"
r=nosuch; echo "7 [${!r@a}]"
declare v; echo "8 [${!v@a}]"
declare -A A=([x]=y); echo "9 [${!A@a}][${!A@Q}][${!A-d}]"
