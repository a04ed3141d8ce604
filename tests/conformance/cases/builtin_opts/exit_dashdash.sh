# check-stderr
(exit -- 5)
echo "e=$?"
(exit -1)
echo "e=$?"
(exit -Q)
echo "e=$?"
(exit -- 3 4)
echo "e=$?"
