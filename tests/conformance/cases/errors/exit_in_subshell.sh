(exit 7)
echo "status=$?"
(exit 300)
echo "status=$?"
