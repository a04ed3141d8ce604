# check-stderr
printf 'if (0) {\n  print "a\\n"\n}\nelse {\n  print "b\\n"\n}\n5\n' | bc
