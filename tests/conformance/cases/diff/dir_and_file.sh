mkdir d; printf 'in dir\n' > d/f; printf 'outside\n' > f
diff d f; echo "status $?"
diff f d; echo "status $?"
