/** The payment provider's form the e2e stack is configured with (NODE_ENV=production needs one). */
export const PAYMENT_DETAILS_URL = 'https://payments.example.invalid/prize-payment-details';
