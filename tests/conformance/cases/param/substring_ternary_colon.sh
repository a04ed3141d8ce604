# In ${v:offset:length} a `:` answering a `?` of the offset or length
# belongs to that expression.
s='abcd'
echo ${s: 0 < 1 ? 2 : 0 : 1} ${s:1?2:0} ${s:0?1:2:1} ${s: 1 : 1>0?2:1} ${s:1:2} ${s: -2} ${s:(1>0)?1:0}
