v='a*b'
echo ${v#"a*"} ${v#a*}
w=aaab
echo ${w#a*} ${w##a*} ${w%a*b} ${w%%a*b}
