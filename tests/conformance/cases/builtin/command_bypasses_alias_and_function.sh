cd() { echo "fake cd"; }
command cd . && echo real cd ran
