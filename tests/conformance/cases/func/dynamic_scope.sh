inner() { echo "inner sees $v"; v=changed; }
outer() { local v=outer; inner; echo "outer has $v"; }
v=global
outer
echo "global is $v"
