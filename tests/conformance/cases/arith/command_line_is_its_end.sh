# check-stderr
# A multi-line (( )) is on the line of its )): $LINENO and its errors.
(( x = LINENO
+ 0
)); echo "$x $LINENO"
((
1+
))
echo "status $?"
(( y = 1 )); echo "$LINENO"
