f() { echo first; }
f
f() { echo second; }
f
