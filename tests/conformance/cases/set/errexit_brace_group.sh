set -e
{ false; echo no; }
echo not reached
