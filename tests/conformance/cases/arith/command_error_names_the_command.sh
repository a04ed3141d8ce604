# check-stderr
(( 1 + ))
echo "status $?"
((  2 * ( )))
echo "status $?"
(( 1/0 ))
echo "status $?"
x="1+"
(( x + 1 ))
echo "status $?"
(( 1 +  ))
echo "status $?"
