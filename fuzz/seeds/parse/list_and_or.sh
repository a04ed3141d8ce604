true && echo a
false && echo b
false || echo c
true || echo d
