printf 'i = 0\nwhile (i < 3) {\n  i = i + 1\n  if (i == 2) continue\n  print i, "\\n"\n}\n' | bc
