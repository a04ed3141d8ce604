shopt -s extglob
touch a.c b.h c.o readme
echo !(*.o)
echo *.@(c|h)
echo +(r)eadme
