shopt expand_aliases
shopt -s expand_aliases
shopt expand_aliases
