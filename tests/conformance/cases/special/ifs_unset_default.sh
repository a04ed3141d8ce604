unset IFS
v='a  b	c'
set -- $v
echo "$#"
