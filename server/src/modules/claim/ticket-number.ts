/** Draw-game serials: the contract's pattern and the long format for numbers starting with 53 (@prize/domain). */
export { isDbgTicketNumberFormat } from '@prize/domain';
