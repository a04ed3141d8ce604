export TZ=UTC
mkdir d
touch -d '2020-01-02 03:04:05' d/f
find d/f -printf '%t\n%T@\n%T+\n%TY-%Tm-%Td %TH:%TM %Tk %Tl %Tp\n%Ta %TA %Tb %TB %Tj %TD %TF %Ts\n%TU %TW %Tu %Tw %Ty %TC %Te|\n'
find d/f -printf '%AY %AT %a\n'
