printf 'same\n' > f1; printf 'same\n' > f2
diff f1 f2; echo "status $?"
