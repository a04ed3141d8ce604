touch a.txt b.txt c.log .hidden d.md
GLOBIGNORE='*.log:*.md'
echo *
unset GLOBIGNORE
echo *
mkdir sub; touch sub/x.c sub/y.h
GLOBIGNORE='sub/*.h'
echo sub/*
