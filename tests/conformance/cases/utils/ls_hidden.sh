touch .h v
ls
echo --
ls -a
