printf 'a\nb\n' > f1; printf 'c\nd\n' > f2
tac f1 f2
