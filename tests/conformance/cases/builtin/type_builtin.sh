type echo
type cd
