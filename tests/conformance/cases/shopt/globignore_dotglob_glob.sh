# What `*` matches follows the dotglob flag GLOBIGNORE set, also after
# `shopt -u dotglob` with GLOBIGNORE still set.
touch .hidden .other visible keep
GLOBIGNORE=keep
echo *
shopt -u dotglob
echo *
echo .*
unset GLOBIGNORE
echo *
GLOBIGNORE=visible
echo *
GLOBIGNORE=
echo *
