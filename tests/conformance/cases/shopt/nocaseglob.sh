touch Apple apple2 banana
shopt -s nocaseglob
echo a*
