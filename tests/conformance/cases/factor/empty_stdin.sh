printf "" | factor; echo "rc=$?"
